import { FixedDeadlines } from '../../application/pipeline/fixed_deadlines.js'
import type { PostgresBounds } from './postgres_bounds.js'

type Callback = (...results: unknown[]) => void

/** What the watchdog needs of a `pg` client. */
export interface WatchedPostgresClient {
  query(...args: unknown[]): unknown
  connection: { stream: { destroy(error?: Error): void } }
}

/**
 * Destroys a `pg` connection whose statement has gone unanswered for `answerMs`. The statement
 * then fails with a connection error (503 `Database.Unavailable`), knex drops the connection
 * from its pool, and the server, once it answers again, finds its client gone: a transaction
 * that had not sent its COMMIT rolls back. pg's own `query_timeout` is no substitute: it fails
 * the call but leaves the statement running on a connection that knex then reuses.
 *
 * Only calls with a callback are watched; knex makes every query that way.
 *
 * Every statement's deadline has the same length, so they share one timer (`FixedDeadlines`)
 * instead of a `setTimeout` each: under load, a timer set and cleared per statement beside the
 * handler deadlines' long-lived timer made minor garbage collections copy whole requests into
 * the old generation (15–20 ms pauses on a create; docs/performance.md).
 */
export function watchPostgresAnswers(client: WatchedPostgresClient, bounds: PostgresBounds) {
  const deadlines = answerDeadlines(bounds.answerMs)
  const query = client.query.bind(client)
  client.query = (...args: unknown[]) => {
    const index = args.findIndex((arg) => typeof arg === 'function')
    if (index === -1) return query(...args)
    const callback = args[index] as Callback
    const deadline = deadlines.set(() => {
      const error = new Error(`PostgreSQL did not answer within ${bounds.answerMs} ms`)
      Object.assign(error, { code: 'ETIMEDOUT' })
      client.connection.stream.destroy(error)
    })
    args[index] = (...results: unknown[]) => {
      deadlines.clear(deadline)
      callback(...results)
    }
    return query(...args)
  }
}

/** The statements' deadlines, one set per length, shared by every watched connection. */
const deadlinesByLength = new Map<number, FixedDeadlines>()

function answerDeadlines(answerMs: number): FixedDeadlines {
  let deadlines = deadlinesByLength.get(answerMs)
  if (!deadlines) {
    deadlines = new FixedDeadlines(answerMs)
    deadlinesByLength.set(answerMs, deadlines)
  }
  return deadlines
}
