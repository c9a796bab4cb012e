import type { QueryClientContract } from '@adonisjs/lucid/types/database'
import type { IntegrationEvent } from '../../integration/integration_event.js'
import type { EventDelivery } from './message_transport.js'
import { inConfirmedTransaction } from '../persistence/confirmed_commit.js'
import pLimit from 'p-limit'
import { inboxApply, inboxCheck, traced } from '../diagnostics/channels.js'
import { DeliveryBatches } from './delivery_batches.js'
import { moduleOfName } from './module_of_name.js'

export const INBOX_TABLE = 'pantheon_inbox'

function isDuplicateKey(error: unknown): boolean {
  const code = (error as { code?: string }).code
  return (
    code === '23505' ||
    code === 'SQLITE_CONSTRAINT_PRIMARYKEY' ||
    code === 'SQLITE_CONSTRAINT_UNIQUE'
  )
}

/** Most events one transaction applies; a relay's batch is 100. */
const MAX_BATCH = 100
/**
 * Transactions one consumer runs at once when events are applied one by one (while telemetry
 * watches): a few, so the consumers never take most of the pool from the requests.
 */
const TRACED_CONCURRENCY = 4

/**
 * Wraps a consumer so each event's effect happens once: the event id is recorded in the inbox
 * before the effect, in the same transaction. A duplicate delivery finds the id and does
 * nothing; a concurrent one waits on the row lock, then finds it.
 *
 * Events that arrive while the consumer's transaction runs are applied together in the next
 * (delivery_batches.ts). While telemetry watches the inbox (pantheon:inbox.check and .apply have
 * subscribers), each event goes in a transaction of its own instead, so that its spans belong to
 * its own trace.
 */
export function onceThroughInbox(
  /** The consuming module's database (the app's default, or a connection of its own). */
  db: Pick<QueryClientContract, 'transaction'>,
  consumer: string,
  effect: (event: IntegrationEvent<unknown>, client: QueryClientContract) => Promise<void>
): EventDelivery {
  const module = moduleOfName(consumer)
  const record = async (event: IntegrationEvent<unknown>, trx: QueryClientContract) => {
    try {
      await trx.insertQuery().table(INBOX_TABLE).insert({
        consumer,
        event_id: event.eventId,
        processed_at: new Date().toISOString(),
      })
      return true
    } catch (error) {
      if (isDuplicateKey(error)) return false
      throw error
    }
  }
  const batches = new DeliveryBatches({
    maxBatch: MAX_BATCH,
    applyAlone: (event) =>
      inConfirmedTransaction(db, async (trx) => {
        if (await record(event, trx)) await effect(event, trx)
      }),
    applyTogether: (events) =>
      inConfirmedTransaction(db, async (trx) => {
        for (const event of await firstDeliveries(trx, consumer, events)) await effect(event, trx)
      }),
  })
  const tracedDeliveries = pLimit(TRACED_CONCURRENCY)
  return (event) => {
    if (!inboxCheck.hasSubscribers && !inboxApply.hasSubscribers) return batches.deliver(event)
    const facts = { module, consumer, type: event.type, eventId: event.eventId }
    return tracedDeliveries(() =>
      inConfirmedTransaction(db, async (trx) => {
        const first = await traced(inboxCheck, { ...facts }, () => record(event, trx))
        if (first) await traced(inboxApply, { ...facts }, () => effect(event, trx))
      })
    )
  }
}

/**
 * Records in the inbox those of `events` the consumer has not applied yet, and returns them in
 * the order given (an event given twice, once). A row another process records meanwhile fails
 * the insert, and the batch with it: its events are then applied one at a time.
 */
async function firstDeliveries(
  trx: QueryClientContract,
  consumer: string,
  events: IntegrationEvent<unknown>[]
) {
  const applied = await trx
    .from(INBOX_TABLE)
    .where('consumer', consumer)
    .whereIn(
      'event_id',
      events.map((event) => event.eventId)
    )
    .select('event_id')
  const seen = new Set(applied.map((row) => row.event_id as string))
  const first: IntegrationEvent<unknown>[] = []
  for (const event of events) {
    if (seen.has(event.eventId)) continue
    seen.add(event.eventId)
    first.push(event)
  }
  if (first.length > 0) {
    const processedAt = new Date().toISOString()
    await trx
      .insertQuery()
      .table(INBOX_TABLE)
      .multiInsert(
        first.map((event) => ({ consumer, event_id: event.eventId, processed_at: processedAt }))
      )
  }
  return first
}
