import { test } from '@japa/runner'
import vine from '@vinejs/vine'
import {
  defineIntegrationEvent,
  type IntegrationEvent,
  type PayloadOf,
} from '@pantheon/kit/integration'
import { acceptedEvent, guardedDelivery, MessageRejected } from '@pantheon/kit/messaging'

interface ThingPayload {
  name: string
}

const withSchema = defineIntegrationEvent<ThingPayload>(
  'tests.thing_named',
  2,
  vine.create({ name: vine.string().trim().minLength(1) })
)
const withoutSchema = defineIntegrationEvent<ThingPayload>('tests.thing_named', 2)

function anEvent(changes: Partial<IntegrationEvent<unknown>> = {}): IntegrationEvent<unknown> {
  return {
    eventId: '0190a5a8-0000-7000-8000-000000000001',
    type: 'tests.thing_named',
    version: 2,
    occurredAt: '2026-01-15T10:30:00.000Z',
    correlationId: 'request-1',
    payload: { name: ' Pen ', extra: true },
    ...changes,
  }
}

/** Why the contract refuses the event, or "accepted". */
async function verdict(event: IntegrationEvent<unknown>, contract = withSchema) {
  try {
    await acceptedEvent(contract, event)
    return 'accepted'
  } catch (error) {
    if (!(error instanceof MessageRejected)) throw error
    return error.message
  }
}

test.group("A consumer's contract", () => {
  test('hands over the payload as its schema reads it', async ({ assert }) => {
    const accepted = await acceptedEvent(withSchema, anEvent())
    assert.deepEqual(accepted, { ...anEvent(), payload: { name: 'Pen' } })
  })

  test('refuses an event of another type than its own', async ({ assert }) => {
    assert.equal(
      await verdict(anEvent({ type: 'tests.thing_renamed' })),
      'unknown-type: tests.thing_renamed came where tests.thing_named is read'
    )
  })

  test('refuses a version it does not declare, older or newer', async ({ assert }) => {
    for (const version of [1, 3, 99]) {
      assert.equal(
        await verdict(anEvent({ version })),
        `unsupported-version: tests.thing_named version ${version}; this consumer reads version 2`
      )
    }
  })

  test('refuses a payload its schema refuses, naming every problem', async ({ assert }) => {
    assert.equal(
      await verdict(anEvent({ payload: { name: '  ' } })),
      'invalid-payload: tests.thing_named version 2: The name field must have at least 1 characters'
    )
    assert.equal(
      await verdict(anEvent({ payload: 'Pen' })),
      'invalid-payload: tests.thing_named version 2: The data field must be an object'
    )
  })

  test('without a schema checks the type and version only', async ({ assert }) => {
    const accepted = await acceptedEvent(withoutSchema, anEvent({ payload: 'anything' }))
    assert.equal(accepted.payload, 'anything')
    assert.match(await verdict(anEvent({ version: 1 }), withoutSchema), /^unsupported-version/)
  })

  test('a guarded delivery never runs for what the contract refuses', async ({ assert }) => {
    const delivered: unknown[] = []
    const deliver = guardedDelivery(withSchema, async (event) => void delivered.push(event.payload))
    await assert.rejects(() => deliver(anEvent({ version: 1 })), /unsupported-version/)
    await deliver(anEvent())
    assert.deepEqual(delivered, [{ name: 'Pen' }])
  })

  test('types its payload by the interface given, or by its schema', ({ expectTypeOf }) => {
    expectTypeOf<PayloadOf<typeof withSchema>>().toEqualTypeOf<ThingPayload>()
    const inferred = defineIntegrationEvent(
      'tests.thing_counted',
      1,
      vine.create({ count: vine.number(), note: vine.string().optional() })
    )
    expectTypeOf<PayloadOf<typeof inferred>>().toEqualTypeOf<{
      count: number
      note?: string | undefined
    }>()
    defineIntegrationEvent<ThingPayload>(
      'tests.thing_named',
      1,
      // @ts-expect-error the schema must fit the payload type: `name` is a string there
      vine.create({ name: vine.number() })
    )
    defineIntegrationEvent<{ id: string; data: unknown }>(
      'tests.thing_stored',
      1,
      // A schema taking any value leaves an `unknown` field optional, and that fits.
      vine.create({ id: vine.string(), data: vine.any().nullable() })
    )
  })

  test('is declared with a whole version of at least 1', ({ assert }) => {
    assert.throws(() => defineIntegrationEvent('tests.thing_named', 0), /at least 1/)
    assert.throws(() => defineIntegrationEvent('tests.thing_named', 1.5), /whole number/)
    assert.throws(() => defineIntegrationEvent(' ', 1), /needs a type/)
  })
})
