import { setTimeout as sleep } from 'node:timers/promises'
import pg from 'pg'
import { OUTBOX_CHANNEL } from './outbox_announcement.js'

/** How long a stop waits for the server to close the listening connection. */
const END_WAIT_MS = 1_000

/**
 * Listens for outbox announcements (announceOutboxWrite) on a connection of its own, which
 * LISTEN holds, so a relay in any process wakes right after a commit instead of at its next
 * poll. The connection comes back by itself after a loss; meanwhile the poll carries on.
 */
export class PostgresCommitListener {
  #client?: pg.Client
  #stopped = true
  #retry?: NodeJS.Timeout

  constructor(
    private readonly connectionString: string,
    private readonly onError: (error: unknown) => void = () => {}
  ) {}

  async start(onCommit: () => void): Promise<void> {
    this.#stopped = false
    await this.connect(onCommit)
  }

  /**
   * A server that stopped answering (frozen, or its network path cut) never confirms the end of
   * the connection: the stop waits for it at most END_WAIT_MS, so the host's shutdown does not
   * hang on a connection that only ever listened.
   */
  async stop(): Promise<void> {
    this.#stopped = true
    clearTimeout(this.#retry)
    const client = this.#client
    this.#client = undefined
    if (!client) return
    const ended = client.end().catch(() => {})
    await Promise.race([ended, sleep(END_WAIT_MS, undefined, { ref: false })])
  }

  private async connect(onCommit: () => void): Promise<void> {
    if (this.#stopped) return
    const client = new pg.Client({
      connectionString: this.connectionString,
      connectionTimeoutMillis: 3_000,
    })
    const reconnect = (error?: unknown) => {
      if (error) this.onError(error)
      if (this.#client !== client || this.#stopped) return
      this.#client = undefined
      client.end().catch(() => {})
      this.#retry = setTimeout(() => void this.connect(onCommit), 1_000)
      this.#retry.unref()
    }
    client.on('error', reconnect)
    client.on('end', () => reconnect())
    client.on('notification', () => onCommit())
    this.#client = client
    try {
      await client.connect()
      await client.query(`LISTEN ${OUTBOX_CHANNEL}`)
    } catch (error) {
      reconnect(error)
    }
  }
}
