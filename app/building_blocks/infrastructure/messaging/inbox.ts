import type { QueryClientContract } from '@adonisjs/lucid/types/database'
import type { IntegrationEvent } from '../../integration/integration_event.js'
import type { EventDelivery } from './message_transport.js'
import { inConfirmedTransaction } from '../persistence/confirmed_commit.js'
import { inboxApply, inboxCheck, traced } from '../diagnostics/channels.js'
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

/**
 * Wraps a consumer so each event's effect happens once: the event id is recorded in the inbox
 * before the effect, in the same transaction. A duplicate delivery finds the id and does
 * nothing; a concurrent one waits on the row lock, then finds it.
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
  return async (event) => {
    if (!inboxCheck.hasSubscribers && !inboxApply.hasSubscribers) {
      await inConfirmedTransaction(db, async (trx) => {
        if (await record(event, trx)) await effect(event, trx)
      })
      return
    }
    const facts = { module, consumer, type: event.type, eventId: event.eventId }
    await inConfirmedTransaction(db, async (trx) => {
      const first = await traced(inboxCheck, { ...facts }, () => record(event, trx))
      if (first) await traced(inboxApply, { ...facts }, () => effect(event, trx))
    })
  }
}
