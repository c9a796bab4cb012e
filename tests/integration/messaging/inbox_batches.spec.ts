import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import { randomUUID } from 'node:crypto'
import type { IntegrationEvent } from '@pantheon/kit/integration'
import { INBOX_TABLE, onceThroughInbox } from '@pantheon/kit/messaging'

/*
 * A consumer applies the events that reach it while its transaction runs together, in the next
 * one: on the host's database, through the inbox as every consumer does.
 */
const CONSUMER = 'Tests.InboxBatchesConsumer'
const EFFECTS = 'tests_inbox_batch_effects'

const event = (eventId = randomUUID()) =>
  ({
    eventId,
    type: 'tests.thing_happened',
    version: 1,
    occurredAt: new Date().toISOString(),
    correlationId: 'inbox-batches',
    payload: {},
  }) as IntegrationEvent<unknown>

/** A consumer whose effect writes one row per event applied, and fails for the ids in `refused`. */
function consumer(refused = new Set<string>()) {
  return onceThroughInbox(db, CONSUMER, async (applied, client) => {
    await client.insertQuery().table(EFFECTS).insert({ event_id: applied.eventId })
    if (refused.has(applied.eventId)) throw new Error(`refused ${applied.eventId}`)
  })
}

/** How many statements wrote to the inbox while `work` ran: one per transaction that applied. */
async function inboxWrites(work: () => Promise<unknown>) {
  let writes = 0
  const knex = db.connection().getWriteClient()
  const count = ({ sql }: { sql: string }) => {
    if (/^insert into [`"]pantheon_inbox[`"]/.test(sql)) writes += 1
  }
  knex.on('query', count)
  try {
    await work()
  } finally {
    knex.off('query', count)
  }
  return writes
}

async function effectsOf(ids: string[]) {
  const rows = await db.from(EFFECTS).whereIn('event_id', ids).select('event_id')
  return rows.map((row) => row.event_id as string).sort()
}

test.group('Consumers apply the events that arrive together in one transaction', (group) => {
  group.setup(async () => {
    await db.connection().schema.createTable(EFFECTS, (table) => table.uuid('event_id'))
    return async () => {
      await db.connection().schema.dropTable(EFFECTS)
      await db.from(INBOX_TABLE).where('consumer', CONSUMER).delete()
    }
  })
  group.each.setup(async () => {
    await db.from(EFFECTS).delete()
  })

  test('twenty events delivered at once take two transactions, each applied once', async ({
    assert,
  }) => {
    const deliver = consumer()
    const events = Array.from({ length: 20 }, () => event())
    const ids = events.map((applied) => applied.eventId)
    const writes = await inboxWrites(() => Promise.all(events.map(deliver)))
    assert.equal(writes, 2, 'the first event alone, the nineteen that waited for it together')
    assert.deepEqual(await effectsOf(ids), [...ids].sort())
    const recorded = await db
      .from(INBOX_TABLE)
      .where('consumer', CONSUMER)
      .whereIn('event_id', ids)
      .count('* as total')
    assert.equal(Number(recorded[0].total), 20)
  })

  test('an effect that throws fails its own event only; the batch is applied without it', async ({
    assert,
  }) => {
    const events = Array.from({ length: 5 }, () => event())
    const bad = events[3].eventId
    const deliver = consumer(new Set([bad]))
    const outcomes = await Promise.allSettled(events.map(deliver))
    assert.deepEqual(
      outcomes.map((settled) => settled.status),
      ['fulfilled', 'fulfilled', 'fulfilled', 'rejected', 'fulfilled']
    )
    assert.include(String((outcomes[3] as PromiseRejectedResult).reason), `refused ${bad}`)
    const good = events.map((applied) => applied.eventId).filter((id) => id !== bad)
    assert.deepEqual(await effectsOf([...good, bad]), [...good].sort())
    const inbox = await db.from(INBOX_TABLE).where('consumer', CONSUMER).where('event_id', bad)
    assert.lengthOf(inbox, 0, 'the refused event can be delivered again')
  })

  test('an event applied before, or given twice in one batch, takes effect once', async ({
    assert,
  }) => {
    const deliver = consumer()
    const before = event()
    await deliver(before)
    const twice = event()
    const fresh = event()
    // The first goes alone; the four after it arrive while it runs, so they go together.
    await Promise.all([event(), before, twice, twice, fresh].map(deliver))
    assert.deepEqual(
      await effectsOf([before.eventId, twice.eventId, fresh.eventId]),
      [before.eventId, twice.eventId, fresh.eventId].sort()
    )
  })
})
