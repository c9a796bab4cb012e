import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import { randomUUID } from 'node:crypto'
import { setTimeout as sleep } from 'node:timers/promises'
import type { IntegrationEvent } from '@pantheon/kit/integration'
import {
  INBOX_TABLE,
  type MessageTransport,
  onceThroughInbox,
  type Subscription,
  TRANSPORT_KINDS,
} from '@pantheon/kit/messaging'
import {
  anEvent as harnessEvent,
  eventually,
  transportHarness,
  type TransportHarness,
} from './transport_harness.js'

/*
 * What every transport promises, checked against each one with the real broker: an event
 * reaches every subscribed consumer, at least once, and through the inbox exactly once in
 * effect; a delivery that fails comes back; a broker keeps events for consumers not yet running
 * and hands a dead consumer's unacknowledged work to a live one.
 */
const CREATED = 'contract.thing_created'
const RENAMED = 'contract.thing_renamed'

function anEvent(type = CREATED, payload: unknown = {}): IntegrationEvent<unknown> {
  return harnessEvent(type, payload)
}

/** Counts applied effects per event id; the effect runs through the inbox like a real consumer's. */
class CountingConsumer {
  readonly applied = new Map<string, number>()
  deliveries = 0
  constructor(
    readonly name: string,
    readonly module: string,
    readonly type: string,
    private readonly behaviour: (
      event: IntegrationEvent<unknown>,
      delivery: number
    ) => Promise<void> = async () => {}
  ) {}

  subscription(): Subscription {
    const effect = onceThroughInbox(db, this.name, async (event) => {
      this.applied.set(event.eventId, (this.applied.get(event.eventId) ?? 0) + 1)
    })
    return {
      type: this.type,
      version: 1,
      consumer: this.name,
      module: this.module,
      deliver: async (event) => {
        this.deliveries += 1
        await this.behaviour(event, this.deliveries)
        await effect(event)
      },
    }
  }
}

/** What the relay does: publish until the transport takes the event. */
async function publishUntilTaken(transport: MessageTransport, event: IntegrationEvent<unknown>) {
  for (;;) {
    try {
      return await transport.publish(event)
    } catch {
      await sleep(50)
    }
  }
}

for (const kind of TRANSPORT_KINDS) {
  test.group(`Transport contract: ${kind}`, (group) => {
    let harness: TransportHarness
    let run: string
    group.each.setup(async () => {
      harness = transportHarness(kind)
      run = randomUUID().slice(0, 8)
      return async () => {
        await harness.cleanup()
        await db.from(INBOX_TABLE).where('consumer', 'like', `contract_${run}%`).delete()
      }
    })
    group.each.timeout(20_000)

    const consumer = (module: string, type = CREATED, behaviour?: CountingConsumer['behaviour']) =>
      new CountingConsumer(
        `contract_${run}_${module}.${type}`,
        `contract_${run}_${module}`,
        type,
        behaviour
      )

    test('an event reaches every consumer subscribed to its type, and no other', async ({
      assert,
    }) => {
      const transport = await harness.make()
      const orders = consumer('orders')
      const billing = consumer('billing')
      const renames = consumer('search', RENAMED)
      for (const c of [orders, billing, renames]) transport.subscribe(c.subscription())
      await transport.startConsuming()

      const event = anEvent()
      await publishUntilTaken(transport, event)

      await eventually(
        () => orders.applied.size === 1 && billing.applied.size === 1,
        'both consumers'
      )
      await sleep(100)
      assert.equal(renames.deliveries, 0)
      assert.deepEqual([...orders.applied], [[event.eventId, 1]])
    })

    test('two consumers of one type in the same module each get the event', async ({ assert }) => {
      const transport = await harness.make()
      const first = new CountingConsumer(
        `contract_${run}_orders.First`,
        `contract_${run}_orders`,
        CREATED
      )
      const second = new CountingConsumer(
        `contract_${run}_orders.Second`,
        `contract_${run}_orders`,
        CREATED
      )
      transport.subscribe(first.subscription())
      transport.subscribe(second.subscription())
      await transport.startConsuming()
      await publishUntilTaken(transport, anEvent())
      await eventually(
        () => first.applied.size === 1 && second.applied.size === 1,
        'both consumers'
      )
      assert.equal(first.deliveries + second.deliveries, 2)
    })

    test('many events all arrive, each applied once', async ({ assert }) => {
      const transport = await harness.make()
      const orders = consumer('orders')
      transport.subscribe(orders.subscription())
      await transport.startConsuming()
      const events = Array.from({ length: 200 }, (_, n) => anEvent(CREATED, { n }))
      for (const event of events) await publishUntilTaken(transport, event)
      await eventually(() => orders.applied.size === 200, '200 events', 10_000)
      assert.isTrue([...orders.applied.values()].every((count) => count === 1))
    })

    test('the same event published twice, and delivered concurrently, is applied once', async ({
      assert,
    }) => {
      const transport = await harness.make()
      const orders = consumer('orders')
      transport.subscribe(orders.subscription())
      await transport.startConsuming()
      const event = anEvent()
      await Promise.all([publishUntilTaken(transport, event), publishUntilTaken(transport, event)])
      await eventually(() => orders.deliveries >= 2, 'both deliveries')
      await sleep(100)
      assert.deepEqual([...orders.applied], [[event.eventId, 1]])
    })

    test('a delivery that fails is not acknowledged: the event comes back until it is applied', async ({
      assert,
    }) => {
      const transport = await harness.make()
      const flaky = consumer('orders', CREATED, async (_, delivery) => {
        if (delivery < 3) throw new Error('database hiccup')
      })
      transport.subscribe(flaky.subscription())
      await transport.startConsuming()
      await publishUntilTaken(transport, anEvent())
      await eventually(() => flaky.applied.size === 1, 'the third delivery')
      assert.equal(flaky.deliveries, 3)
    })

    if (kind === 'memory') return

    test('events published before any consumer runs wait for it', async ({ assert }) => {
      const publisher = await harness.make()
      const orders = consumer('orders')
      // The publishing process knows the subscriptions (every module boots everywhere) but does
      // not consume; the consuming process starts later.
      publisher.subscribe(orders.subscription())
      const events = [anEvent(), anEvent(), anEvent()]
      for (const event of events) await publishUntilTaken(publisher, event)

      const consumerProcess = await harness.make()
      consumerProcess.subscribe(orders.subscription())
      await consumerProcess.startConsuming()
      await eventually(() => orders.applied.size === 3, 'the three earlier events')
      assert.sameMembers(
        [...orders.applied.keys()],
        events.map((event) => event.eventId)
      )
    })

    test('two processes share the work: each event is handled by one of them', async ({
      assert,
    }) => {
      const orders = consumer('orders')
      const first = await harness.make()
      const second = await harness.make()
      for (const transport of [first, second]) {
        transport.subscribe(orders.subscription())
        await transport.startConsuming()
      }
      for (let n = 0; n < 50; n++) await publishUntilTaken(first, anEvent(CREATED, { n }))
      await eventually(() => orders.applied.size === 50, '50 events')
      await sleep(200)
      assert.equal(orders.deliveries, 50, 'no event was delivered to both processes')
    })

    test("a dead consumer's unacknowledged event is taken over by a live one", async ({
      assert,
    }) => {
      let stuckDelivery = false
      const stuck = consumer('orders', CREATED, async () => {
        stuckDelivery = true
        await new Promise(() => {}) // hangs, as a process that died mid-delivery would
      })
      const dying = await harness.make()
      dying.subscribe(stuck.subscription())
      await dying.startConsuming()
      const event = anEvent()
      await publishUntilTaken(dying, event)
      await eventually(() => stuckDelivery, 'the first delivery')
      await dying.close()

      const healthy = consumer('orders')
      const live = await harness.make()
      live.subscribe(healthy.subscription())
      await live.startConsuming()
      await eventually(() => healthy.applied.size === 1, 'the takeover', 10_000)
      assert.deepEqual([...healthy.applied.keys()], [event.eventId])
    })
  })
}
