import { test } from '@japa/runner'
import app from '@adonisjs/core/services/app'
import db from '@adonisjs/lucid/services/db'
import { success, failure } from '#building_blocks/application/result'
import { AppError } from '#building_blocks/application/app_error'
import { defineIntegrationEvent, type IntegrationEvent } from '#building_blocks/integration/integration_event'
import { MemoryTransport } from '#building_blocks/infrastructure/messaging/memory_transport'
import { Outbox, OUTBOX_TABLE } from '#building_blocks/infrastructure/messaging/outbox'
import { OutboxRelay } from '#building_blocks/infrastructure/messaging/outbox_relay'
import { INBOX_TABLE, onceThroughInbox } from '#building_blocks/infrastructure/messaging/inbox'
import { LucidUnitOfWork } from '#building_blocks/infrastructure/persistence/lucid_unit_of_work'

/*
 * The relay and the inbox against the real database, with their own event type so nothing the
 * app publishes interferes: each test drains only what it wrote.
 */
const PROBE = defineIntegrationEvent<{ n: number }>('tests.probe', 1)

async function probeRows() {
  return db.from(OUTBOX_TABLE).where('type', PROBE.type).orderBy('id')
}

async function publishProbes(count: number, outcome: 'commit' | 'rollback' = 'commit') {
  const outbox = new Outbox(db)
  const unitOfWork = new LucidUnitOfWork(db)
  await unitOfWork.run(async () => {
    for (let n = 1; n <= count; n++) await outbox.publish(PROBE, { n })
    return outcome === 'commit' ? success(true) : failure(AppError.conflict('Probe.Conflict', 'no'))
  })
}

test.group('Outbox and relay', (group) => {
  // The host's own relay would otherwise pick up the probes between two steps of a test.
  group.setup(async () => {
    const hostRelay = await app.container.make(OutboxRelay)
    await hostRelay.stop()
    return () => hostRelay.start()
  })
  group.each.setup(async () => {
    await db.from(OUTBOX_TABLE).where('type', PROBE.type).delete()
  })

  test('two relays draining at once publish each event exactly once', async ({ assert }) => {
    await publishProbes(60)
    const deliveries = new Map<string, number>()
    const transport = new MemoryTransport()
    transport.subscribe(PROBE.type, 'counter', async (event) => {
      deliveries.set(event.eventId, (deliveries.get(event.eventId) ?? 0) + 1)
      await new Promise((resolve) => setImmediate(resolve))
    })
    const options = { batchSize: 7 }

    const [first, second] = await Promise.all([
      new OutboxRelay(db, transport, options).drain(),
      new OutboxRelay(db, transport, options).drain(),
    ])

    assert.equal(first + second, 60)
    assert.equal(deliveries.size, 60)
    assert.isTrue([...deliveries.values()].every((count) => count === 1))
  })

  test('an event is in the outbox only if the business change committed', async ({ assert }) => {
    await publishProbes(1, 'rollback')
    assert.lengthOf(await probeRows(), 0)
    await publishProbes(1, 'commit')
    assert.lengthOf(await probeRows(), 1)
  })

  test('publishing outside a unit of work is refused', async ({ assert }) => {
    await assert.rejects(() => new Outbox(db).publish(PROBE, { n: 1 }), /inside a command's unit of work/)
  })

  test('the relay delivers committed events and marks them sent', async ({ assert }) => {
    await publishProbes(3)
    const transport = new MemoryTransport()
    const received: number[] = []
    transport.subscribe(PROBE.type, 'probe', async (event) => void received.push((event.payload as { n: number }).n))

    const sent = await new OutboxRelay(db, transport).drain()

    assert.isAtLeast(sent, 3)
    assert.deepEqual(received, [1, 2, 3])
    assert.deepEqual((await probeRows()).map((row) => row.status), ['sent', 'sent', 'sent'])
  })

  test('a failing delivery is retried later, then dead-lettered, then replayed', async ({ assert }) => {
    await publishProbes(1)
    const transport = new MemoryTransport()
    let fixed = false
    const received: unknown[] = []
    transport.subscribe(PROBE.type, 'flaky', async (event) => {
      if (!fixed) throw new Error('consumer is broken')
      received.push(event.payload)
    })
    const relay = new OutboxRelay(db, transport, { maxAttempts: 3, backoffMs: () => 0 })

    await relay.drain()
    await relay.drain()
    await relay.drain()
    let [row] = await probeRows()
    assert.equal(row.status, 'dead')
    assert.equal(Number(row.attempts), 3)
    assert.equal(row.last_error, 'flaky: consumer is broken')

    fixed = true
    assert.equal(await relay.retry([row.id]), 1)
    await relay.drain()
    ;[row] = await probeRows()
    assert.equal(row.status, 'sent')
    assert.deepEqual(received, [{ n: 1 }])
  })

  test('backs off exponentially between tries', async ({ assert }) => {
    await publishProbes(1)
    const transport = new MemoryTransport()
    transport.subscribe(PROBE.type, 'broken', async () => {
      throw new Error('down')
    })
    const relay = new OutboxRelay(db, transport, { maxAttempts: 5 })
    const before = Date.now()
    await relay.drain()
    await relay.drain()
    const [row] = await probeRows()
    assert.equal(Number(row.attempts), 1, 'the second pass must wait for the backoff')
    assert.isAtLeast(new Date(row.next_attempt_at).getTime() - before, 150)
  })
})

test.group('Inbox', (group) => {
  group.each.setup(async () => {
    await db.from(INBOX_TABLE).where('consumer', 'tests.counter').delete()
  })

  const event: IntegrationEvent<unknown> = {
    eventId: '01900000-0000-7000-8000-0000000000aa',
    type: PROBE.type,
    version: 1,
    occurredAt: new Date().toISOString(),
    correlationId: 'test',
    payload: {},
  }

  test('the same event delivered twice, and concurrently, applies its effect once', async ({ assert }) => {
    let effects = 0
    const deliver = onceThroughInbox(db, 'tests.counter', async () => {
      effects += 1
      await new Promise((resolve) => setTimeout(resolve, 20))
    })

    await deliver(event)
    await deliver(event)
    await Promise.allSettled([deliver(event), deliver(event), deliver(event)])

    assert.equal(effects, 1)
  })

  test('a failed effect leaves no inbox record, so a redelivery applies it', async ({ assert }) => {
    let attempts = 0
    const deliver = onceThroughInbox(db, 'tests.counter', async () => {
      attempts += 1
      if (attempts === 1) throw new Error('first try fails')
    })
    await assert.rejects(() => deliver(event), 'first try fails')
    await deliver(event)
    assert.equal(attempts, 2)
    const records = await db.from(INBOX_TABLE).where('consumer', 'tests.counter')
    assert.lengthOf(records, 1)
  })
})
