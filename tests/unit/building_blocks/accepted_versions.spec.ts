import { test } from '@japa/runner'
import vine from '@vinejs/vine'
import { defineIntegrationEvent, type IntegrationEvent } from '@pantheon/kit/integration'
import {
  consumerSubscriptions,
  ConsumerRegistry,
  MessageRejected,
  upcast,
} from '@pantheon/kit/messaging'

const v1 = defineIntegrationEvent(
  'tests.thing_priced',
  1,
  vine.create({ name: vine.string().trim().minLength(1) })
)
const v2 = defineIntegrationEvent(
  'tests.thing_priced',
  2,
  vine.create({ name: vine.string(), currency: vine.string().fixedLength(3) })
)
const other = defineIntegrationEvent('tests.thing_named', 1, vine.create({ name: vine.string() }))

function anEvent(version: number, payload: unknown): IntegrationEvent<unknown> {
  return {
    eventId: '0190a5a8-0000-7000-8000-000000000001',
    type: 'tests.thing_priced',
    version,
    occurredAt: '2026-01-15T10:30:00.000Z',
    correlationId: 'request-1',
    payload,
  }
}

/** The subscriptions of a consumer of v2 that reads v1 through `toV2`, and what it applied. */
function readingBoth(toV2 = upcast(v1, v2, (payload) => ({ ...payload, currency: 'EUR' }))) {
  const applied: IntegrationEvent<unknown>[] = []
  const subscriptions = consumerSubscriptions({
    consumer: 'shop.ThingPricedConsumer',
    module: 'shop',
    consumes: v2,
    upcasters: [toV2],
    deliver: async (event) => void applied.push(event),
  })
  return { applied, subscriptions }
}

test.group('A consumer that reads several versions', () => {
  test('subscribes once per version read, all with one delivery', ({ assert }) => {
    const { subscriptions } = readingBoth()
    assert.deepEqual(
      subscriptions.map((s) => [s.consumer, s.type, s.version]),
      [
        ['shop.ThingPricedConsumer', 'tests.thing_priced', 2],
        ['shop.ThingPricedConsumer', 'tests.thing_priced', 1],
      ]
    )
    assert.strictEqual(subscriptions[0].deliver, subscriptions[1].deliver)
  })

  test('reads v1 by its own schema, then gives the consumer the upcast v2', async ({ assert }) => {
    const { applied, subscriptions } = readingBoth()
    await subscriptions[1].deliver(anEvent(1, { name: ' Pen ', extra: true }))
    assert.deepEqual(applied[0].payload, { name: 'Pen', currency: 'EUR' })
    assert.equal(applied[0].version, 2)
  })

  test('refuses a v1 payload its own contract refuses, before the upcaster runs', async ({
    assert,
  }) => {
    let upcasts = 0
    const { applied, subscriptions } = readingBoth(
      upcast(v1, v2, (payload) => (upcasts++, { ...payload, currency: 'EUR' }))
    )
    await assert.rejects(
      () => subscriptions[1].deliver(anEvent(1, { name: '  ' })),
      /tests\.thing_priced version 1: The name field/
    )
    assert.equal(upcasts, 0)
    assert.lengthOf(applied, 0)
  })

  test('an upcaster that gives a payload v2 refuses is a failure of the consumer, not the event', async ({
    assert,
  }) => {
    const { subscriptions } = readingBoth(
      upcast(v1, v2, (payload) => ({ ...payload, currency: 'euro' }))
    )
    try {
      await subscriptions[1].deliver(anEvent(1, { name: 'Pen' }))
      assert.fail('delivered')
    } catch (error) {
      assert.notInstanceOf(error, MessageRejected)
      assert.match(
        (error as Error).message,
        /upcaster .* version 1 gave a payload version 2 refuses/
      )
    }
  })

  test('refuses a version it does not read, naming the versions it does', async ({ assert }) => {
    const { subscriptions } = readingBoth()
    await assert.rejects(
      () => subscriptions[0].deliver(anEvent(3, {})),
      'unsupported-version: tests.thing_priced version 3; this consumer reads versions 1 and 2'
    )
  })

  test('refuses an upcaster that does not lead to the version consumed', ({ assert }) => {
    assert.throws(
      () =>
        consumerSubscriptions({
          consumer: 'shop.ThingPricedConsumer',
          module: 'shop',
          consumes: v1,
          upcasters: [upcast(v1, v2, (payload) => ({ ...payload, currency: 'EUR' }))],
          deliver: async () => {},
        }),
      /turns events into tests\.thing_priced version 2, but the consumer consumes tests\.thing_priced version 1/
    )
  })

  test('upcast refuses two types, or going from a newer version to an older one', ({ assert }) => {
    assert.throws(
      () => upcast(other, v2, () => ({ name: 'x', currency: 'EUR' })),
      /is not tests\.thing_priced/
    )
    assert.throws(() => upcast(v2, v1, (payload) => payload), /version 2 is not older than 1/)
  })

  test('the registry keeps a consumer per name, with its subscriptions per version', ({
    assert,
  }) => {
    const registry = new ConsumerRegistry()
    const { subscriptions } = readingBoth()
    registry.add(...subscriptions)
    assert.equal(registry.get('shop.ThingPricedConsumer', 1)?.version, 1)
    assert.equal(registry.get('shop.ThingPricedConsumer', 2)?.version, 2)
    assert.throws(
      () => registry.add(...readingBoth().subscriptions),
      'Two consumers are named shop.ThingPricedConsumer'
    )
    assert.lengthOf(registry.seal(), 2)
  })
})
