import { test } from '@japa/runner'
import { execFile } from 'node:child_process'
import { randomUUID } from 'node:crypto'
import { fileURLToPath } from 'node:url'
import { v7 as uuidv7 } from 'uuid'
import { CloudEvent } from 'cloudevents'
import type { RunningServer } from '#tests/common/server_process'
import { testPort } from '#tests/common/test_ports'
import { eventually, MessagingDeployment } from '../faults/messaging_host.js'
import {
  binaryEvent,
  rabbitMqOutside,
  redisOutside,
  sdkEvent,
  type BinaryEvent,
  type OutsideService,
} from './outside_service.js'

const APP_ROOT = fileURLToPath(new URL('../../../../', import.meta.url))
const CONSUMER = 'orders.ProductCreatedConsumer'
const TYPE = 'catalog.product_created'

/*
 * Another service on the broker Pantheon's host uses, with plain ioredis or amqplib and the
 * CloudEvents SDK (outside_service.ts): it reads Catalog's events, and it publishes into Orders.
 * A valid event is applied once; whatever it gets wrong becomes a dead letter of Orders'
 * consumer with the reason, in the database, never applied, and the host keeps consuming.
 */

/** ProductCreated version 1 about a product of its own, made with the SDK: a new event each call. */
function productCreated(
  changes: { payload?: object; attributes?: Record<string, string | number> } = {}
) {
  const productId = randomUUID()
  const event = new CloudEvent({
    id: uuidv7(),
    source: '/services/outside',
    type: TYPE,
    datacontenttype: 'application/json',
    eventversion: 1,
    ...changes.attributes,
    data: { id: productId, name: 'Outside lamp', price: 12.5, ...changes.payload },
  })
  return { productId, eventId: event.id, message: binaryEvent(event) }
}

/** A valid event with its attributes or data changed past what the SDK would build. */
function altered(change: (message: BinaryEvent, marker: string) => BinaryEvent) {
  const marker = `marker-${randomUUID()}`
  const { message } = productCreated()
  return { marker, message: change({ ...message, attributes: { ...message.attributes } }, marker) }
}

/** The envelope relays before CloudEvents published, as JSON: still read. */
function legacyEnvelope() {
  const productId = randomUUID()
  const eventId = uuidv7()
  const body = JSON.stringify({
    eventId,
    type: TYPE,
    version: 1,
    occurredAt: new Date().toISOString(),
    correlationId: randomUUID(),
    payload: { id: productId, name: 'Envelope lamp', price: 12.5 },
  })
  return { productId, eventId, body }
}

async function statusOf(url: string): Promise<number> {
  const response = await fetch(url)
  return response.status
}

/** An ace command of the app, run against the deployment's database, as an operator would. */
function ace(deployment: MessagingDeployment, args: string[], env: Record<string, string> = {}) {
  return new Promise<{ code: number; output: string }>((resolve) => {
    execFile(
      process.execPath,
      ['ace.js', ...args],
      {
        cwd: APP_ROOT,
        env: { ...process.env, ...deployment.env(), LOG_LEVEL: 'warn', ...env },
        maxBuffer: 64 * 1024 * 1024,
      },
      (error, stdout, stderr) =>
        resolve({ code: error ? Number(error.code ?? 1) : 0, output: `${stdout}${stderr}` })
    )
  })
}

const BROKERS = [
  { kind: 'redis', port: 6379, http: testPort(60), outside: redisOutside },
  { kind: 'rabbitmq', port: 5672, http: testPort(61), outside: rabbitMqOutside },
] as const

for (const broker of BROKERS) {
  test.group(`Events to and from another service over ${broker.kind}`, (group) => {
    group.tap((t) => t.tags(['@slow', '@any-database']))
    group.each.timeout(60_000)
    let deployment: MessagingDeployment
    let host: RunningServer
    let outside: OutsideService
    const base = `http://127.0.0.1:${broker.http}`

    group.setup(async () => {
      deployment = new MessagingDeployment(broker.kind, broker.port)
      // Telemetry off: the client's trace context must travel all the same.
      host = await deployment.startHost(broker.http, { OTEL_SDK_DISABLED: 'true' })
      // Ready once the broker answers: on RabbitMQ, the queue and its bindings exist by then.
      await eventually(
        async () => (await statusOf(`${base}/health/ready`)) === 200,
        'the host to be ready',
        20_000
      )
      outside = await broker.outside(deployment.namespace)
      return async () => {
        if (process.env.DEBUG_FAULTS) console.log(host.output())
        await host.stop()
        await outside.close()
        await deployment.removeBrokerState()
        deployment.removeFiles()
      }
    })

    type LetterRow = { consumer: string; attempts: number; last_error: string; event: string }
    /** Orders' dead letters of an event id, or of a message that holds `marker`, once there is one. */
    const deadLettersOf = async (where: { eventId: string } | { marker: string }) => {
      const query = () =>
        'eventId' in where
          ? deployment.query<LetterRow>(
              'select * from pantheon_dead_letters where consumer = ? and event_id = ?',
              CONSUMER,
              where.eventId
            )
          : deployment.query<LetterRow>(
              'select * from pantheon_dead_letters where consumer = ? and event like ?',
              CONSUMER,
              `%${where.marker}%`
            )
      await eventually(async () => query().length > 0, 'a dead letter', 15_000)
      return query()
    }
    const ordersKnows = async (productId: string) =>
      (await statusOf(`${base}/api/orders/products/${productId}`)) === 200
    const nextEventFlows = async () => {
      const next = productCreated()
      await outside.send(next.message, TYPE)
      await eventually(() => ordersKnows(next.productId), 'the next event in Orders', 15_000)
    }

    test("Catalog's events are CloudEvents the SDK reads, with the client's trace context", async ({
      assert,
    }) => {
      const published = await outside.listen(TYPE)
      const traceparent = '00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01'
      const response = await fetch(`${base}/api/v1/catalog`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', traceparent, 'tracestate': 'vendor=1' },
        body: JSON.stringify({ name: 'Read from outside', price: 7.5 }),
      })
      assert.equal(response.status, 201)
      const productId = String(await response.json())
      let message: BinaryEvent | undefined
      await eventually(
        async () => {
          const messages = await published()
          message = messages.find((m) => m.attributes.subject === productId)
          return message !== undefined
        },
        "Catalog's event on the broker",
        15_000
      )
      const event = sdkEvent(message!)
      assert.isTrue(event.validate())
      assert.containsSubset(event, {
        specversion: '1.0',
        type: TYPE,
        source: '/modules/catalog',
        subject: productId,
        datacontenttype: 'application/json',
        dataschema: 'urn:pantheon:asyncapi:catalog:catalog_product_created_v1',
        eventversion: '1',
        traceparent,
        tracestate: 'vendor=1',
      })
      assert.match(event.id, /^[0-9a-f-]{36}$/)
      assert.isString(event.correlationid)
      assert.isAtMost(Math.abs(Date.parse(event.time!) - Date.now()), 60_000)
      assert.deepEqual(event.data, { id: productId, name: 'Read from outside', price: 7.5 })
    })

    test('an event made with the SDK is applied once, also when sent twice', async ({ assert }) => {
      const event = productCreated({ payload: { name: 'Twice-sent chair' } })
      await outside.send(event.message, TYPE)
      await outside.send(event.message, TYPE)
      await eventually(() => ordersKnows(event.productId), 'the event in Orders', 15_000)
      const records = () =>
        deployment.query('select 1 from pantheon_inbox where event_id = ?', event.eventId)
      await eventually(async () => records().length > 0, 'its inbox record', 15_000)
      // The second copy comes after the first: give it the moment it takes to be read.
      await new Promise((resolve) => setTimeout(resolve, 500))
      assert.lengthOf(records(), 1)
      assert.lengthOf(
        deployment.query('select 1 from pantheon_dead_letters where event_id = ?', event.eventId),
        0
      )
    })

    test('an event in the envelope of relays before CloudEvents is still applied', async () => {
      const event = legacyEnvelope()
      await outside.sendEnvelope(event.body, TYPE)
      await eventually(() => ordersKnows(event.productId), 'the event in Orders', 15_000)
    })

    test('{label}: a dead letter with the reason, never applied, and the next event flows')
      .with([
        {
          label: 'an empty name',
          event: productCreated({ payload: { name: '' } }),
          reason: 'invalid-payload',
        },
        {
          label: 'a negative price',
          event: productCreated({ payload: { price: -5 } }),
          reason: 'invalid-payload',
        },
        {
          label: 'a price past the cent',
          event: productCreated({ payload: { price: 1.005 } }),
          reason: 'invalid-payload',
        },
        {
          label: 'version 99 under the route of version 1',
          event: productCreated({ attributes: { eventversion: 99 } }),
          reason: 'unsupported-version',
        },
        {
          label: "another type under product_created's route",
          event: productCreated({ attributes: { type: 'catalog.product_deleted' } }),
          reason: 'unknown-type',
        },
        {
          label: 'a 5 MiB name',
          event: productCreated({ payload: { name: 'x'.repeat(5 * 1024 * 1024) } }),
          reason: 'too-large',
        },
      ])
      .run(async ({ assert }, { event, reason }) => {
        await outside.send(event.message, TYPE)
        const letters = await deadLettersOf({ eventId: event.eventId })
        assert.lengthOf(letters, 1)
        assert.match(letters[0].last_error, new RegExp(`^${reason}: `))
        assert.isFalse(await ordersKnows(event.productId), 'the refused event was not applied')
        await nextEventFlows()
      })

    test('{label} is a dead letter, malformed, kept as it arrived')
      .with([
        {
          label: 'data that is not JSON',
          altered: altered((m, marker) => ({ ...m, data: `{"id": ${marker}` })),
          says: 'data is not JSON',
        },
        {
          label: 'no eventversion',
          altered: altered((m, marker) => {
            delete m.attributes.eventversion
            return { ...m, attributes: { ...m.attributes, subject: marker } }
          }),
          says: '"eventversion" is missing',
        },
        {
          label: 'an id that is not a UUID',
          altered: altered((m, marker) => ({ ...m, attributes: { ...m.attributes, id: marker } })),
          says: '"id" is missing or not a UUID',
        },
        {
          label: 'another CloudEvents version',
          altered: altered((m, marker) => ({
            ...m,
            attributes: { ...m.attributes, specversion: '0.3', subject: marker },
          })),
          says: '"specversion" is "0.3"',
        },
        {
          label: 'data that is not JSON by its content type',
          altered: altered((m, marker) => ({
            ...m,
            attributes: { ...m.attributes, datacontenttype: 'text/plain', subject: marker },
          })),
          says: '"datacontenttype" is text/plain',
        },
      ])
      .run(async ({ assert }, { altered: { marker, message }, says }) => {
        await outside.send(message, TYPE)
        const [letter] = await deadLettersOf({ marker })
        assert.match(letter.last_error, /^malformed: /)
        assert.include(letter.last_error, says)
        await nextEventFlows()
      })

    test('text that is not an envelope is a malformed dead letter, kept as it arrived', async ({
      assert,
    }) => {
      const marker = `marker-${randomUUID()}`
      await outside.sendEnvelope(`{"hello":"${marker}"}`, TYPE)
      const [letter] = await deadLettersOf({ marker })
      assert.equal(letter.event, `{"hello":"${marker}"}`)
      assert.match(letter.last_error, /^malformed: /)
    })

    test('nothing was set aside in a place only the broker shows', async ({ assert }) => {
      assert.equal(await outside.setAside(TYPE), 0)
    })

    test('dead-letters:list shows every refused message with its reason', async ({ assert }) => {
      const { code, output } = await ace(deployment, ['dead-letters:list', '--json'])
      assert.equal(code, 0, output)
      const reasons = (JSON.parse(output) as { lastError: string }[]).map(
        (letter) => letter.lastError.split(':')[0]
      )
      assert.includeMembers(reasons, [
        'invalid-payload',
        'unsupported-version',
        'unknown-type',
        'too-large',
        'malformed',
      ])
    })

    test('dead-letters:retry applies what was fixed, and keeps the rest with its reason', async ({
      assert,
    }) => {
      // Valid but for a field Orders does not read: only its size is wrong.
      const large = productCreated({ payload: { notes: 'x'.repeat(300 * 1024) } })
      await outside.send(large.message, TYPE)
      const [letter] = await deadLettersOf({ eventId: large.eventId })
      assert.match(letter.last_error, /^too-large: /)
      assert.isFalse(await ordersKnows(large.productId))

      const { code } = await ace(deployment, ['dead-letters:retry', '--all'], {
        MESSAGE_MAX_BYTES: String(1024 * 1024),
      })
      assert.equal(code, 1, 'the letters nothing fixed fail again')
      assert.isTrue(await ordersKnows(large.productId), 'the large event was applied')
      assert.lengthOf(
        deployment.query('select 1 from pantheon_dead_letters where event_id = ?', large.eventId),
        0
      )
      const kept = deployment.query<{ last_error: string; attempts: number }>(
        "select last_error, attempts from pantheon_dead_letters where last_error like 'unsupported-version:%'"
      )
      assert.isAbove(kept.length, 0)
      assert.isTrue(kept.every((row) => row.attempts === 2))
    })

    test('the host answered throughout', async ({ assert }) => {
      assert.equal(await statusOf(`${base}/health/ready`), 200)
      assert.isNull(host.process.exitCode, 'the host process is still running')
    })
  })
}
