import type { OutboxRelay } from './outbox_relay.js'

/**
 * Every relay a host runs: one per database its modules keep an outbox in (the app's default
 * connection, and each module's own; see module_connections.ts). Started, stopped and retried
 * together; a commit wakes only the relay of the database it was made on.
 */
export class OutboxRelays {
  constructor(
    /** The relay of each connection, by connection name; the default connection's first. */
    readonly byConnection: ReadonlyMap<string, OutboxRelay>
  ) {}

  get all(): OutboxRelay[] {
    return [...this.byConnection.values()]
  }

  start(): void {
    for (const relay of this.all) relay.start()
  }

  async stop(): Promise<void> {
    await Promise.all(this.all.map((relay) => relay.stop()))
  }

  /** Wakes the relay of the connection a commit wrote to its outbox. */
  wake(connection: string): void {
    this.byConnection.get(connection)?.wake()
  }

  /** Whether a relay of this host is running for the connection. */
  runsFor(connection: string): boolean {
    return this.byConnection.get(connection)?.running ?? false
  }

  /** Makes failing rows due now in every outbox; returns how many. */
  async retry(ids?: string[]): Promise<number> {
    const counts = await Promise.all(this.all.map((relay) => relay.retry(ids)))
    return counts.reduce((sum, count) => sum + count, 0)
  }
}
