import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import {
  AppError,
  Command,
  failure,
  Mediator,
  type Principal,
  success,
  UnitOfWorkBehavior,
} from '@pantheon/kit/application'
import { defineIntegrationEvent, type IntegrationEvent } from '@pantheon/kit/integration'
import {
  INBOX_TABLE,
  MemoryTransport,
  onceThroughInbox,
  Outbox,
  OUTBOX_TABLE,
  OutboxRelay,
  type Subscription,
} from '@pantheon/kit/messaging'
import { LucidUnitOfWork } from '@pantheon/kit/persistence'
import { pauseHostRelay } from '#tests/common/host_relay'

/*
 * The relay and the inbox against the real database, with their own event type so nothing the
 * app publishes interferes: each test drains only what it wrote.
 */
const PROBE = defineIntegrationEvent<{ n: number }>('tests.probe', 1)

function probeSubscription(consumer: string, deliver: Subscription['deliver']): Subscription {
  return { type: PROBE.type, version: PROBE.version, consumer, module: 'tests', deliver }
}

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
  group.setup(() => pauseHostRelay())
  // The relays of a test drain every pending row, not only the probes: a row another spec left
  // for the host relay (stopped here) would be counted with them.
  group.each.setup(async () => {
    await db.from(OUTBOX_TABLE).where('type', PROBE.type).orWhereNot('status', 'sent').delete()
  })

  test('two relays draining at once publish each event exactly once', async ({ assert }) => {
    await publishProbes(60)
    const deliveries = new Map<string, number>()
    const transport = new MemoryTransport()
    transport.subscribe(
      probeSubscription('counter', async (event) => {
        deliveries.set(event.eventId, (deliveries.get(event.eventId) ?? 0) + 1)
        await new Promise((resolve) => setImmediate(resolve))
      })
    )
    const options = { batchSize: 7 }

    const [first, second] = await Promise.all([
      new OutboxRelay(db, transport, options).drain(),
      new OutboxRelay(db, transport, options).drain(),
    ])

    assert.equal(first + second, 60)
    assert.equal(deliveries.size, 60)
    assert.isTrue([...deliveries.values()].every((count) => count === 1))
  })

  test('to a broker the relay pipelines batches, and each event is still published once', async ({
    assert,
  }) => {
    await publishProbes(230)
    const published = new Map<string, number>()
    class BrokerLike extends MemoryTransport {
      override readonly publishesConcurrently = true
      override async publish(event: IntegrationEvent<unknown>) {
        await new Promise((resolve) => setTimeout(resolve, 2))
        published.set(event.eventId, (published.get(event.eventId) ?? 0) + 1)
      }
    }
    const transport = new BrokerLike()

    const [first, second] = await Promise.all([
      new OutboxRelay(db, transport, { batchSize: 40 }).drain(),
      new OutboxRelay(db, transport, { batchSize: 40 }).drain(),
    ])

    assert.equal(first + second, 230)
    assert.equal(published.size, 230)
    assert.isTrue([...published.values()].every((count) => count === 1))
    const rows = await probeRows()
    assert.isTrue(rows.every((row) => row.status === 'sent'))
  })

  test('an event is in the outbox only if the business change committed', async ({ assert }) => {
    await publishProbes(1, 'rollback')
    assert.lengthOf(await probeRows(), 0)
    await publishProbes(1, 'commit')
    assert.lengthOf(await probeRows(), 1)
  })

  test('an event written for a principal carries its id to consumers; one written for none, none', async ({
    assert,
  }) => {
    class PlaceProbe extends Command<string> {
      constructor(readonly n: number) {
        super()
      }
    }
    const outbox = new Outbox(db)
    const mediator = new Mediator()
    mediator.register({
      message: PlaceProbe,
      handler: {
        handle: async (command: PlaceProbe) =>
          success(await outbox.publish(PROBE, { n: command.n })),
      },
      behaviors: [new UnitOfWorkBehavior(new LucidUnitOfWork(db))],
    })
    const alice: Principal = { id: 'account-alice', permissions: new Set() }
    await mediator.send(new PlaceProbe(1).sentBy(alice))
    await mediator.send(new PlaceProbe(2))

    const rows = await probeRows()
    assert.deepEqual(
      rows.map((row) => row.actor_id),
      ['account-alice', null]
    )
    const received: IntegrationEvent<unknown>[] = []
    const transport = new MemoryTransport()
    transport.subscribe(probeSubscription('actors', async (event) => void received.push(event)))
    await new OutboxRelay(db, transport).drain()
    const byN = new Map(received.map((event) => [(event.payload as { n: number }).n, event]))
    assert.equal(byN.get(1)?.actorId, 'account-alice')
    assert.notProperty(byN.get(2), 'actorId')
  })

  test('publishing outside a unit of work is refused', async ({ assert }) => {
    await assert.rejects(
      () => new Outbox(db).publish(PROBE, { n: 1 }),
      /inside a command's unit of work/
    )
  })

  test('the relay delivers committed events and marks them sent', async ({ assert }) => {
    await publishProbes(3)
    const transport = new MemoryTransport()
    const received: number[] = []
    transport.subscribe(
      probeSubscription(
        'probe',
        async (event) => void received.push((event.payload as { n: number }).n)
      )
    )

    const sent = await new OutboxRelay(db, transport).drain()

    assert.isAtLeast(sent, 3)
    assert.deepEqual(received, [1, 2, 3])
    const rows = await probeRows()
    assert.deepEqual(
      rows.map((row) => row.status),
      ['sent', 'sent', 'sent']
    )
  })

  test('a failed publish is retried with backoff for as long as it takes, never dead-lettered', async ({
    assert,
  }) => {
    await publishProbes(1)
    let brokerUp = false
    const received: unknown[] = []
    const transport = new MemoryTransport()
    transport.publish = async (event) => {
      if (!brokerUp) throw new Error('broker unreachable')
      received.push(event.payload)
    }
    const relay = new OutboxRelay(db, transport, { backoffMs: () => 0 })

    for (let pass = 0; pass < 8; pass++) await relay.drain()
    let [row] = await probeRows()
    assert.equal(row.status, 'pending')
    assert.equal(Number(row.attempts), 8)
    assert.equal(row.last_error, 'broker unreachable')

    brokerUp = true
    await relay.drain()
    ;[row] = await probeRows()
    assert.equal(row.status, 'sent')
    assert.deepEqual(received, [{ n: 1 }])
  })

  test('retry makes a failing row due at once instead of after its backoff', async ({ assert }) => {
    await publishProbes(1)
    const transport = new MemoryTransport()
    let brokerUp = false
    transport.publish = async () => {
      if (!brokerUp) throw new Error('broker unreachable')
    }
    const relay = new OutboxRelay(db, transport, { backoffMs: () => 60_000 })
    await relay.drain()
    brokerUp = true
    assert.equal(await relay.drain(), 0, 'the row waits for its backoff')
    const [row] = await probeRows()
    assert.equal(await relay.retry([row.id]), 1)
    assert.equal(await relay.drain(), 1)
  })

  test('stop ends the pass after the event in flight and gives the rest of the batch back', async ({
    assert,
  }) => {
    await publishProbes(40)
    // A transport that takes one event at a time (the default of MessageTransport): the relay
    // publishes its batch in order, and a stop lands between two events.
    const transport = new (class extends MemoryTransport {
      override readonly publishesConcurrently = false
    })()
    transport.publish = () => new Promise((resolve) => setTimeout(resolve, 10))
    const relay = new OutboxRelay(db, transport)
    relay.start()
    await new Promise((resolve) => setTimeout(resolve, 60))

    await relay.stop()

    const rows = await probeRows()
    const sent = rows.filter((row) => row.status === 'sent').length
    assert.isAbove(sent, 0)
    assert.isBelow(sent, 40)
    assert.isTrue(
      rows.filter((row) => row.status !== 'sent').every((row) => row.claimed_until === null)
    )
    assert.equal(await new OutboxRelay(db, transport).drain(), 40 - sent)
  })

  test('backs off exponentially between tries', async ({ assert }) => {
    await publishProbes(1)
    const transport = new MemoryTransport()
    transport.publish = async () => {
      throw new Error('down')
    }
    const relay = new OutboxRelay(db, transport)
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

  test('the same event delivered twice, and concurrently, applies its effect once', async ({
    assert,
  }) => {
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
