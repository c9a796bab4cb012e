import type { QueryClientContract } from '@adonisjs/lucid/types/database'
import { inConfirmedTransaction } from '../persistence/confirmed_commit.js'
import { OUTBOX_TABLE } from './outbox.js'

export interface ClaimOptions {
  batchSize: number
  /** Only the events of these modules (types `<module>.<event>`); none: every module's. */
  modules?: readonly string[]
}

/**
 * Reserves the oldest pending rows due at `now` until `leaseEnd`, up to a batch, and returns
 * them in id order with every column (the trace and actor columns exist only once their
 * migrations ran). On PostgreSQL other relays skip the rows it locks.
 *
 * The plan must not depend on the table's statistics: one that reads every due row and sorts
 * them makes a drain grow with the square of its backlog. The pending rows' partial index is the
 * only index that gives their id order (migration
 * `1764400000000_claim_outbox_rows_through_pending_index`), and on PostgreSQL sorting is
 * switched off for the claim, because a table never analyzed (a young outbox: its first minute
 * or so) makes the planner expect a few pending rows and sort them all instead
 * (tests/integration/messaging/outbox_claim_plan.spec.ts).
 *
 * On PostgreSQL the claim is one round trip: the setting and one UPDATE … RETURNING, sent as one
 * simple query, which PostgreSQL runs as one transaction of its own (or inside `client`'s, when
 * it is a transaction: the setting then lasts until that transaction ends). It was four (BEGIN, the setting, the UPDATE, COMMIT) and a knex
 * transaction object, at every pass of the relay. A simple query takes no parameters, so the
 * values are written into the text by knex's own escaping; they are the relay's timestamps, its
 * batch size and the configured module names, never a request's input. SQLite reads, then
 * updates, in a transaction (BEGIN IMMEDIATE: see sqlite_immediate_transactions.ts).
 */
export async function claimDueRows<Row extends { id: string }>(
  client: QueryClientContract,
  options: ClaimOptions,
  now: Date,
  leaseEnd: Date
): Promise<Row[]> {
  const lease = { claimed_until: leaseEnd.toISOString() }
  if (client.dialect.name === 'postgres') {
    // knex reads every `?` of a query's text as a binding, inside the values written into it too.
    const odd = options.modules?.find((module) => module.includes('?'))
    if (odd !== undefined) throw new Error(`A module name cannot hold "?": "${odd}"`)
    const due = dueRows(client, options, now).select('id').forUpdate().skipLocked()
    const update = client.from(OUTBOX_TABLE).whereIn('id', due).update(lease, ['*'])
    const results: unknown = await client.rawQuery(`${CLAIM_SETTINGS}; ${update.toQuery()}`)
    // One result per statement: the UPDATE's is the last.
    if (!Array.isArray(results)) throw new Error('The claim expected a result per statement')
    return (results[results.length - 1] as { rows: Row[] }).rows.sort(byId)
  }
  return inConfirmedTransaction(client, async (trx) => {
    const rows: Row[] = await dueRows(trx, options, now).select('*')
    if (rows.length > 0) {
      await trx
        .from(OUTBOX_TABLE)
        .whereIn(
          'id',
          rows.map((row) => row.id)
        )
        .update(lease)
    }
    return rows
  })
}

/** What the PostgreSQL claim sets for itself before its UPDATE (see claimDueRows). */
const CLAIM_SETTINGS = 'set local enable_sort = off'

function dueRows(client: QueryClientContract, options: ClaimOptions, now: Date) {
  const due = client
    .from(OUTBOX_TABLE)
    .where('status', 'pending')
    .where('next_attempt_at', '<=', now.toISOString())
    .where((query) =>
      query.whereNull('claimed_until').orWhere('claimed_until', '<', now.toISOString())
    )
    .orderBy('id', 'asc')
    .limit(options.batchSize)
  const { modules } = options
  if (modules) {
    due.where((query) => {
      for (const module of modules) {
        query.orWhereRaw(`type like ? escape '\\'`, [`${escapeLike(module)}.%`])
      }
    })
  }
  return due
}

/** uuid order: PostgreSQL compares uuids byte by byte, as their lowercase text compares. */
function byId(a: { id: string }, b: { id: string }): number {
  return a.id < b.id ? -1 : a.id > b.id ? 1 : 0
}

/** A LIKE pattern matching `text` as it is (`order_items`, not `order` + any + `items`). */
function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (character) => `\\${character}`)
}
