import type { Database } from '@adonisjs/lucid/database'
import type { QueryClientContract } from '@adonisjs/lucid/types/database'

/** The PostgreSQL channel a commit that wrote to the outbox is announced on. */
export const OUTBOX_CHANNEL = 'pantheon_outbox'

/**
 * Announces on the channel that the outbox has rows to relay. Inside a transaction PostgreSQL
 * delivers the notification only when it commits (and never after a rollback); outside one, at
 * once. See PostgresCommitListener, which hears it.
 */
export async function announceOutboxWrite(client: QueryClientContract): Promise<void> {
  await client.rawQuery('select pg_notify(?, ?)', [OUTBOX_CHANNEL, ''])
}

/**
 * Announces commits that wrote to the outbox to the relays of other processes, after each
 * commit, with at most one announcement on its way per connection: the commits made while one
 * is on its way share the next, sent as soon as it is back. Every commit is still followed by an
 * announcement sent after it. A NOTIFY inside every transaction cost each create a round trip
 * and took PostgreSQL's lock on its notification queue at every commit, which serialized them;
 * under load the commits of a host now share a few. An announcement that fails costs nothing
 * but time: the relays poll too.
 */
export class OutboxCommitAnnouncer {
  /** Per connection, whether a commit came after the announcement on its way was sent. */
  readonly #onTheirWay = new Map<string, { commitsSince: boolean; done: Promise<void> }>()

  constructor(private readonly db: Database) {}

  /** Called after a commit on `connection` that wrote to the outbox. */
  committed(connection: string): void {
    const onItsWay = this.#onTheirWay.get(connection)
    if (onItsWay) {
      onItsWay.commitsSince = true
      return
    }
    const state = { commitsSince: false, done: Promise.resolve() }
    this.#onTheirWay.set(connection, state)
    state.done = this.#announce(connection, state)
  }

  /** Resolves once no announcement is on its way (a host that stops waits for them). */
  async settled(): Promise<void> {
    await Promise.all([...this.#onTheirWay.values()].map((state) => state.done))
  }

  async #announce(connection: string, state: { commitsSince: boolean }): Promise<void> {
    try {
      do {
        state.commitsSince = false
        try {
          await announceOutboxWrite(this.db.connection(connection))
        } catch {
          // The relays poll: an announcement lost (a connection released, a database that
          // stopped answering) delays its rows by a poll at most.
        }
      } while (state.commitsSince)
    } finally {
      this.#onTheirWay.delete(connection)
    }
  }
}
