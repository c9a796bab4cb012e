import { test } from '@japa/runner'
import { execFile } from 'node:child_process'
import { randomUUID } from 'node:crypto'
import { fileURLToPath } from 'node:url'
import { v7 as uuidv7 } from 'uuid'
import { connect, type ChannelModel, type ConfirmChannel } from 'amqplib'
import { Redis } from 'ioredis'
import type { RunningServer } from '#tests/common/server_process'
import { testPort } from '#tests/common/test_ports'
import { eventually, MessagingDeployment } from '../faults/messaging_host.js'

const APP_ROOT = fileURLToPath(new URL('../../../../', import.meta.url))
const CONSUMER = 'orders.ProductCreatedConsumer'
const TYPE = 'catalog.product_created'

/*
 * Another service writes to the broker Pantheon's host reads, with plain ioredis or amqplib and
 * the wire format the transports use (the envelope as JSON: a stream entry's `event` field, or
 * a message on the `<ns>.events` exchange routed by type). Whatever it gets wrong becomes a
 * dead letter of Orders' consumer with the reason, in the database, never applied, and the host
 * keeps consuming.
 */
interface Outside {
  send(body: string, type?: string): Promise<void>
  /** What the broker holds beside Pantheon: Redis's `:malformed` stream, RabbitMQ's DLQ. */
  setAside(): Promise<number>
  close(): Promise<void>
}

async function redisOutside(namespace: string): Promise<Outside> {
  const redis = new Redis(6379, '127.0.0.1')
  const stream = (type: string) => `${namespace}:events:${type}`
  return {
    send: async (body, type = TYPE) => void (await redis.xadd(stream(type), '*', 'event', body)),
    setAside: () => redis.xlen(`${stream(TYPE)}:malformed`),
    close: async () => redis.disconnect(),
  }
}

async function rabbitMqOutside(namespace: string): Promise<Outside> {
  const connection: ChannelModel = await connect('amqp://guest:guest@127.0.0.1:5672')
  const channel: ConfirmChannel = await connection.createConfirmChannel()
  return {
    async send(body, type = TYPE) {
      channel.publish(`${namespace}.events`, type, Buffer.from(body), {
        persistent: true,
        contentType: 'application/json',
      })
      await channel.waitForConfirms()
    },
    async setAside() {
      const { messageCount } = await channel.checkQueue(`${namespace}.orders.dead-letter`)
      return messageCount
    },
    close: () => connection.close(),
  }
}

/** An event about a product of its own; each `json()` is a new event (a new event id). */
function envelope(changes: { type?: string; version?: number; payload?: object } = {}) {
  const { payload, ...fields } = changes
  const productId = randomUUID()
  const json = () =>
    JSON.stringify({
      eventId: uuidv7(),
      type: TYPE,
      version: 1,
      occurredAt: new Date().toISOString(),
      correlationId: randomUUID(),
      ...fields,
      payload: { id: productId, name: 'Outside lamp', price: 12.5, ...payload },
    })
  return { productId, json }
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
  test.group(`Events sent from outside over ${broker.kind}`, (group) => {
    group.tap((t) => t.tags(['@slow', '@any-database']))
    group.each.timeout(60_000)
    let deployment: MessagingDeployment
    let host: RunningServer
    let outside: Outside
    const base = `http://127.0.0.1:${broker.http}`

    group.setup(async () => {
      deployment = new MessagingDeployment(broker.kind, broker.port)
      host = await deployment.startHost(broker.http)
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

    /** The dead letters kept for what arrived as `body`, once there is one. */
    const deadLettersOf = async (body: string) => {
      const query = () =>
        deployment.query<{ consumer: string; attempts: number; last_error: string }>(
          'select consumer, attempts, last_error from pantheon_dead_letters where event = ?',
          body
        )
      await eventually(async () => query().length > 0, 'a dead letter', 15_000)
      return query()
    }
    const ordersKnows = async (productId: string) =>
      (await statusOf(`${base}/api/orders/products/${productId}`)) === 200

    test('{label}: a dead letter with the reason, never applied, and the next event flows')
      .with([
        {
          label: 'an empty name',
          event: envelope({ payload: { name: '' } }),
          reason: 'invalid-payload',
        },
        {
          label: 'a negative price',
          event: envelope({ payload: { price: -5 } }),
          reason: 'invalid-payload',
        },
        {
          label: 'a price past the cent',
          event: envelope({ payload: { price: 1.005 } }),
          reason: 'invalid-payload',
        },
        {
          label: 'a version Orders does not read',
          event: envelope({ version: 99 }),
          reason: 'unsupported-version',
        },
        {
          label: "another type under product_created's stream or routing key",
          event: envelope({ type: 'catalog.product_deleted' }),
          reason: 'unknown-type',
        },
        {
          label: 'a 5 MiB name',
          event: envelope({ payload: { name: 'x'.repeat(5 * 1024 * 1024) } }),
          reason: 'too-large',
        },
      ])
      .run(async ({ assert }, { event, reason }) => {
        const body = event.json()
        await outside.send(body)
        const letters = await deadLettersOf(body)
        assert.lengthOf(letters, 1)
        assert.equal(letters[0].consumer, CONSUMER)
        assert.match(letters[0].last_error, new RegExp(`^${reason}: `))
        assert.isFalse(await ordersKnows(event.productId), 'the refused event was not applied')

        const next = envelope()
        await outside.send(next.json())
        await eventually(() => ordersKnows(next.productId), 'the next event in Orders', 15_000)
      })

    test('{label} is a dead letter, malformed, kept as it arrived')
      .with([
        { label: 'text that is not JSON', body: '{"eventId": oops' },
        { label: 'JSON that is not an envelope', body: '{"hello":"world"}' },
        {
          label: 'an event id that is not a UUID',
          body: envelope()
            .json()
            .replace(/"eventId":"[^"]+"/, '"eventId":"42"'),
        },
      ])
      .run(async ({ assert }, { body }) => {
        await outside.send(body)
        const [letter] = await deadLettersOf(body)
        assert.match(letter.last_error, /^malformed: /)
      })

    test('nothing was set aside in a place only the broker shows', async ({ assert }) => {
      assert.equal(await outside.setAside(), 0)
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

    test('a valid event sent twice is applied once', async ({ assert }) => {
      const event = envelope({ payload: { name: 'Twice-sent chair' } })
      const body = event.json()
      await outside.send(body)
      await outside.send(body)
      await eventually(() => ordersKnows(event.productId), 'the event in Orders', 15_000)
      const eventId = JSON.parse(body).eventId as string
      await eventually(
        async () =>
          deployment.query('select 1 from pantheon_inbox where event_id = ?', eventId).length > 0,
        'its inbox record',
        15_000
      )
      // The second copy comes after the first: give it the moment it takes to be read.
      await new Promise((resolve) => setTimeout(resolve, 500))
      const records = deployment.query('select 1 from pantheon_inbox where event_id = ?', eventId)
      assert.lengthOf(records, 1)
      assert.lengthOf(
        deployment.query('select 1 from pantheon_dead_letters where event_id = ?', eventId),
        0
      )
    })

    test('dead-letters:retry applies what was fixed, and keeps the rest with its reason', async ({
      assert,
    }) => {
      // Valid but for a field Orders does not read: only its size is wrong.
      const large = envelope({ payload: { notes: 'x'.repeat(300 * 1024) } })
      const body = large.json()
      await outside.send(body)
      const [letter] = await deadLettersOf(body)
      assert.match(letter.last_error, /^too-large: /)
      assert.isFalse(await ordersKnows(large.productId))

      const { code } = await ace(deployment, ['dead-letters:retry', '--all'], {
        MESSAGE_MAX_BYTES: String(1024 * 1024),
      })
      assert.equal(code, 1, 'the letters nothing fixed fail again')
      assert.isTrue(await ordersKnows(large.productId), 'the large event was applied')
      assert.lengthOf(deadLettersQuery(deployment, body), 0)
      const kept = deployment.query<{ last_error: string; attempts: number }>(
        "select last_error, attempts from pantheon_dead_letters where last_error like 'unsupported-version:%'"
      )
      assert.isAbove(kept.length, 0)
      assert.isTrue(kept.every((row) => row.attempts === 2))
    })
  })
}

function deadLettersQuery(deployment: MessagingDeployment, body: string) {
  return deployment.query('select 1 from pantheon_dead_letters where event = ?', body)
}
