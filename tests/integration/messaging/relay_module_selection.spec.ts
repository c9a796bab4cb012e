import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import { success } from '@pantheon/kit/application'
import { defineIntegrationEvent } from '@pantheon/kit/integration'
import { MemoryTransport, Outbox, OUTBOX_TABLE, OutboxRelay } from '@pantheon/kit/messaging'
import { LucidUnitOfWork } from '@pantheon/kit/persistence'
import { pauseHostRelay } from '#tests/common/host_relay'

/*
 * A host serving some modules (PANTHEON_MODULES) relays their events only. Event types of their
 * own, with module names a LIKE pattern would confuse (`_` matches any one character).
 */
const SERVED = defineIntegrationEvent<{ n: number }>('relay_probe.served', 1)
const OTHER = defineIntegrationEvent<{ n: number }>('relayXprobe.other', 1)
const ELSEWHERE = defineIntegrationEvent<{ n: number }>('relay_probe_more.other', 1)
const TYPES = [SERVED.type, OTHER.type, ELSEWHERE.type]

async function publishOneOfEach() {
  const outbox = new Outbox(db)
  await new LucidUnitOfWork(db).run(async () => {
    await outbox.publish(SERVED, { n: 1 })
    await outbox.publish(OTHER, { n: 2 })
    await outbox.publish(ELSEWHERE, { n: 3 })
    return success(true)
  })
}

async function statusByType() {
  const rows = await db.from(OUTBOX_TABLE).whereIn('type', TYPES).select('type', 'status')
  return Object.fromEntries(rows.map((row) => [row.type, row.status]))
}

test.group('Relay of a host serving some modules', (group) => {
  group.setup(() => pauseHostRelay())
  group.each.setup(async () => {
    await db.from(OUTBOX_TABLE).whereIn('type', TYPES).orWhereNot('status', 'sent').delete()
    return async () => void (await db.from(OUTBOX_TABLE).whereIn('type', TYPES).delete())
  })

  test('publishes its modules events only and leaves the others pending', async ({ assert }) => {
    await publishOneOfEach()
    const published: string[] = []
    const transport = new MemoryTransport()
    transport.publish = async (event) => void published.push(event.type)

    await new OutboxRelay(db, transport, { modules: ['relay_probe'] }).drain()

    assert.deepEqual(published, [SERVED.type])
    assert.deepEqual(await statusByType(), {
      [SERVED.type]: 'sent',
      [OTHER.type]: 'pending',
      [ELSEWHERE.type]: 'pending',
    })
  })

  test('a relay of every module publishes what the others left', async ({ assert }) => {
    await publishOneOfEach()
    const transport = new MemoryTransport()
    transport.publish = async () => {}
    await new OutboxRelay(db, transport, { modules: ['relay_probe'] }).drain()

    await new OutboxRelay(db, transport).drain()

    assert.deepEqual(await statusByType(), {
      [SERVED.type]: 'sent',
      [OTHER.type]: 'sent',
      [ELSEWHERE.type]: 'sent',
    })
  })
})
