import type { QueryClientContract, TransactionClientContract } from '@adonisjs/lucid/types/database'
import { inConfirmedTransaction } from '../persistence/confirmed_commit.js'
import { moduleOfName } from './module_of_name.js'
import { INBOX_TABLE } from './inbox.js'
import { OUTBOX_TABLE } from './outbox.js'

/**
 * Rows per transaction. A purge of millions of rows is thousands of short transactions, so no
 * lock is held long enough for the relay's claim or a command's outbox write to notice.
 */
const PURGE_BATCH_SIZE = 1_000

/** Which rows of a messaging table may go, and how each is told apart. */
interface PurgeTarget {
  table: string
  key: string[]
  /** `<module>.<…>`: an event's type, a consumer's name. */
  nameColumn: string
  /** When the row's work was done; it ages from then. */
  doneColumn: string
  /** The only rows that may go at all, whatever their age. */
  only?: { column: string; value: string }
}

/** Unsent rows (pending, failing, or in any state but sent) are never purged. */
const SENT_OUTBOX_ROWS: PurgeTarget = {
  table: OUTBOX_TABLE,
  key: ['id'],
  nameColumn: 'type',
  doneColumn: 'sent_at',
  only: { column: 'status', value: 'sent' },
}

const PROCESSED_INBOX_ROWS: PurgeTarget = {
  table: INBOX_TABLE,
  key: ['consumer', 'event_id'],
  nameColumn: 'consumer',
  doneColumn: 'processed_at',
}

export interface PurgeOptions {
  olderThanMs: number
  /** Only this module's rows: its folder name, the prefix of its event types and consumers. */
  module?: string
  batchSize?: number
  now?: Date
  /**
   * Awaited between two batches with the time the last one took; false ends the purge there (a
   * relay that is stopping). Without it, the next batch waits only for what is queued already.
   */
  between?: (batchMs: number) => Promise<boolean>
}

export interface PurgeOutcome {
  /** Rows removed, per module. */
  byModule: Record<string, number>
  removed: number
  /** Transactions that removed rows. */
  batches: number
  /** The cutoff, as an ISO date-time: rows done before it went. */
  before: string
}

type Row = Record<string, string>

async function purgeBatch(
  trx: TransactionClientContract,
  target: PurgeTarget,
  before: string,
  options: PurgeOptions
): Promise<Row[]> {
  const due = trx
    .from(target.table)
    .select(...new Set([...target.key, target.nameColumn]))
    .where(target.doneColumn, '<', before)
    .limit(options.batchSize ?? PURGE_BATCH_SIZE)
  if (target.only) due.where(target.only.column, target.only.value)
  if (options.module) {
    // Not LIKE: "_" in a module's name is a wildcard there.
    const prefix = `${options.module}.`
    due.whereRaw(`substr(${target.nameColumn}, 1, ?) = ?`, [prefix.length, prefix])
  }
  // Relays on several hosts purge at once: each takes rows the others have not locked.
  if (trx.dialect.name === 'postgres') due.forUpdate().skipLocked()
  const rows = (await due) as Row[]
  if (rows.length === 0) return rows
  const remove = trx.from(target.table)
  if (target.key.length === 1) {
    const [column] = target.key
    remove.whereIn(
      column,
      rows.map((row) => row[column])
    )
  } else {
    remove.whereIn(
      target.key,
      rows.map((row) => target.key.map((column) => row[column]))
    )
  }
  await remove.delete()
  return rows
}

async function purge(
  client: Pick<QueryClientContract, 'transaction'>,
  target: PurgeTarget,
  options: PurgeOptions
): Promise<PurgeOutcome> {
  const now = options.now ?? new Date()
  const before = new Date(now.getTime() - options.olderThanMs).toISOString()
  const outcome: PurgeOutcome = { byModule: {}, removed: 0, batches: 0, before }
  for (;;) {
    const startedAt = performance.now()
    const rows = await inConfirmedTransaction(client, (trx) =>
      purgeBatch(trx, target, before, options)
    )
    if (rows.length === 0) return outcome
    outcome.batches += 1
    outcome.removed += rows.length
    for (const row of rows) {
      const module = moduleOfName(row[target.nameColumn])
      outcome.byModule[module] = (outcome.byModule[module] ?? 0) + 1
    }
    if (rows.length < (options.batchSize ?? PURGE_BATCH_SIZE)) return outcome
    if (options.between) {
      if (!(await options.between(performance.now() - startedAt))) return outcome
    } else {
      // Whatever waits for the connection (a claim, a request) goes before the next batch.
      await new Promise((resolve) => setImmediate(resolve))
    }
  }
}

/** Removes outbox rows sent before the cutoff, in batches; never an unsent row. */
export function purgeSentOutbox(
  client: Pick<QueryClientContract, 'transaction'>,
  options: PurgeOptions
): Promise<PurgeOutcome> {
  return purge(client, SENT_OUTBOX_ROWS, options)
}

/** Removes inbox records of events processed before the cutoff, in batches. */
export function purgeProcessedInbox(
  client: Pick<QueryClientContract, 'transaction'>,
  options: PurgeOptions
): Promise<PurgeOutcome> {
  return purge(client, PROCESSED_INBOX_ROWS, options)
}
