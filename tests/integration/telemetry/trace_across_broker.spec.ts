import { test } from '@japa/runner'
import { DatabaseSync } from 'node:sqlite'
import type { Assert } from '@japa/assert'
import { OtlpReceiver, type ReceivedSpan } from '#tests/common/otlp_receiver'
import {
  eventually,
  knownToOrders,
  MessagingDeployment,
} from '../messaging/faults/messaging_host.js'
import { createProduct, descendsFrom, port, runAce } from './telemetry_host.js'

const BROKER_PORTS = { redis: 6379, rabbitmq: 5672 } as const
const EVENT = 'catalog.product_created'
const CONSUMER = 'orders.ProductCreatedConsumer'
const SERVER = 2
const PRODUCER = 4
const CONSUMER_KIND = 5

function one(trace: ReceivedSpan[], name: string): ReceivedSpan {
  const found = trace.filter((span) => span.name === name)
  if (found.length !== 1) {
    const names = trace.map((span) => span.name).join(', ')
    throw new Error(
      `expected one "${name}" span in the trace, found ${found.length}: ${JSON.stringify(found)}; the trace: ${names}`
    )
  }
  return found[0]
}

/** The trace of the one `POST /api/v1/catalog` the receiver saw, once its consumer applied it. */
async function traceOfCreate(receiver: OtlpReceiver): Promise<ReceivedSpan[]> {
  const request = await receiver.waitForSpan(
    (span) => span.kind === SERVER && span.attributes['http.target'] === '/api/v1/catalog',
    'for POST /api/v1/catalog'
  )
  // Each process exports on its own schedule: wait for the last span of each. A publish that
  // failed (before the broker connection was set up) is exported before the one that succeeded,
  // which may come after the consumer's spans: wait for that one.
  for (const name of ['consumer apply', `relay publish ${EVENT}`, `broker consume ${EVENT}`]) {
    await receiver.waitForSpan(
      (span) =>
        span.traceId === request.traceId &&
        span.name === name &&
        (name !== `relay publish ${EVENT}` || span.status.code !== 2),
      `${name} in the request trace`
    )
  }
  return receiver.trace(request.traceId)
}

/**
 * The request's side of the trace: the HTTP server span is the root, the mediator span its
 * child (module catalog, result ok), the commit and the outbox write inside the mediator span.
 */
function assertRequestSide(assert: Assert, trace: ReceivedSpan[]) {
  const request = trace.find((span) => span.kind === SERVER)!
  assert.isUndefined(request.parentSpanId, 'the HTTP request starts the trace')
  assert.equal(request.attributes['http.method'], 'POST')
  assert.equal(request.name, 'POST /api/:version/catalog', 'named after its route')
  assert.include(request.attributes, {
    'http.route': '/api/:version/catalog',
    'pantheon.module': 'catalog',
  })
  const mediator = one(trace, 'mediator send CreateProductCommand')
  assert.equal(mediator.parentSpanId, request.spanId)
  assert.include(mediator.attributes, {
    'pantheon.module': 'catalog',
    'pantheon.message.kind': 'command',
    'pantheon.result.kind': 'ok',
  })
  assert.equal(one(trace, 'unit of work commit').parentSpanId, mediator.spanId)
  const write = one(trace, `outbox write ${EVENT}`)
  assert.isTrue(descendsFrom(write, mediator, trace), 'the outbox write happens in the command')
  assert.include(write.attributes, { 'pantheon.module': 'catalog', 'pantheon.event.type': EVENT })
  return { request, write }
}

/**
 * The relay's publish spans: every try (a publish that failed is retried, as happens when the
 * host publishes before its broker connection is set up) is a child of the outbox write, and
 * exactly one succeeded.
 */
function publishedFrom(assert: Assert, trace: ReceivedSpan[], write: ReceivedSpan) {
  const tries = trace.filter((span) => span.name === `relay publish ${EVENT}`)
  for (const attempt of tries) {
    assert.equal(attempt.kind, PRODUCER)
    assert.equal(attempt.parentSpanId, write.spanId, 'published from the stored trace context')
  }
  const succeeded = tries.filter((span) => span.status.code !== 2)
  assert.lengthOf(succeeded, 1, JSON.stringify(tries))
  return succeeded[0]
}

/** The consumer's side: consume is a child of `parent`, inbox check and apply children of it. */
function assertApplied(assert: Assert, trace: ReceivedSpan[], consume: ReceivedSpan) {
  assert.include(consume.attributes, {
    'pantheon.module': 'orders',
    'pantheon.consumer': CONSUMER,
    'pantheon.event.type': EVENT,
  })
  const apply = one(trace, 'consumer apply')
  assert.equal(apply.parentSpanId, consume.spanId)
  const checks = trace.filter(
    (span) => span.name === 'inbox check' && span.parentSpanId === consume.spanId
  )
  assert.lengthOf(checks, 1)
  assert.isFalse(checks[0].attributes['pantheon.inbox.duplicate'])
  for (const span of [apply, checks[0]]) {
    assert.include(span.attributes, { 'pantheon.module': 'orders', 'pantheon.consumer': CONSUMER })
  }
}

test.group('One trace from the request to the Orders consumer', (group) => {
  group.tap((t) => t.tags(['@slow', '@any-database']))
  let receiver: OtlpReceiver
  group.each.setup(async () => {
    receiver = await new OtlpReceiver(port(0)).start()
    return () => receiver.stop()
  })

  test('across {kind}, exported over {protocol}')
    .with([
      { kind: 'redis', protocol: 'http/protobuf' },
      { kind: 'rabbitmq', protocol: 'http/json' },
    ] as const)
    .run(async ({ assert, cleanup }, { kind, protocol }) => {
      const deployment = new MessagingDeployment(
        kind,
        BROKER_PORTS[kind],
        receiver.env('shop', protocol)
      )
      const host = await deployment.startHost(port(1))
      cleanup(async () => {
        await host.stop()
        deployment.removeFiles()
        await deployment.removeBrokerState()
      })

      const id = await createProduct(port(1), `Traced lamp over ${kind}`)
      await eventually(async () => (await knownToOrders(port(1), [id])) === 1, 'Orders', 15_000)
      const trace = await traceOfCreate(receiver)

      const { write } = assertRequestSide(assert, trace)
      const publish = publishedFrom(assert, trace, write)
      assert.equal(publish.attributes['messaging.system'], kind)
      const consume = one(trace, `broker consume ${EVENT}`)
      assert.equal(consume.kind, CONSUMER_KIND)
      assert.equal(consume.parentSpanId, publish.spanId, 'consumed from the message it published')
      assert.equal(consume.attributes['messaging.system'], kind)
      assertApplied(assert, trace, consume)
      assert.isTrue(trace.every((span) => span.service === 'shop'))
      assert.deepEqual(
        [...receiver.protocols],
        [protocol === 'http/json' ? 'application/json' : 'application/x-protobuf']
      )

      // The same run's metrics, per module and event type.
      const published = await receiver.waitForMetric(
        (point) => point.name === 'pantheon.events.published',
        'pantheon.events.published'
      )
      assert.deepEqual(published.attributes, {
        'pantheon.module': 'catalog',
        'pantheon.event.type': EVENT,
      })
      assert.equal(published.value, 1)
      const consumed = await receiver.waitForMetric(
        (point) => point.name === 'pantheon.events.consumed',
        'pantheon.events.consumed'
      )
      assert.include(consumed.attributes, {
        'pantheon.module': 'orders',
        'pantheon.consumer': CONSUMER,
      })
      assert.equal(consumed.value, 1)
      const lag = await receiver.waitForMetric(
        (point) => point.name === 'pantheon.outbox.relay_lag',
        'pantheon.outbox.relay_lag'
      )
      assert.equal(lag.value, 1, 'one publish measured')
      await receiver.waitForMetric(
        (point) => point.name === 'pantheon.outbox.backlog' && point.value === 0,
        'an empty backlog once published'
      )
      await receiver.waitForMetric(
        (point) =>
          point.name === 'http.server.duration' &&
          point.attributes['http.route'] === '/api/:version/catalog',
        'the HTTP duration of the create, by route'
      )
    })
    .timeout(60_000)

  test('in process, over the memory transport', async ({ assert, cleanup }) => {
    // The deployment's broker settings go unused: the memory transport overrides them.
    const deployment = new MessagingDeployment('redis', BROKER_PORTS.redis, {
      ...receiver.env('shop'),
      MESSAGE_TRANSPORT: 'memory',
    })
    const host = await deployment.startHost(port(1))
    cleanup(async () => {
      await host.stop()
      deployment.removeFiles()
    })
    const id = await createProduct(port(1), 'Traced lamp in memory')
    await eventually(async () => (await knownToOrders(port(1), [id])) === 1, 'Orders', 15_000)
    const trace = await traceOfCreate(receiver)

    const { write } = assertRequestSide(assert, trace)
    const publish = publishedFrom(assert, trace, write)
    assert.equal(publish.attributes['messaging.system'], 'memory')
    const consume = one(trace, `broker consume ${EVENT}`)
    assert.equal(consume.parentSpanId, publish.spanId)
    assert.equal(consume.attributes['messaging.system'], 'memory')
    assertApplied(assert, trace, consume)
  }).timeout(60_000)

  test('the host crashes between the outbox write and the publish; another process relays it', async ({
    assert,
    cleanup,
  }) => {
    const deployment = new MessagingDeployment('redis', BROKER_PORTS.redis, {
      ...receiver.env('shop'),
      OUTBOX_RELAY: 'off',
    })
    const writer = await deployment.startHost(port(1))
    cleanup(async () => {
      await writer.stop()
      deployment.removeFiles()
      await deployment.removeBrokerState()
    })
    const id = await createProduct(port(1), 'Lamp written before a crash')
    const write = await receiver.waitForSpan(
      (span) => span.name === `outbox write ${EVENT}`,
      'outbox write'
    )
    // Nothing relays in this host: the backlog shows the waiting event, getting older.
    await receiver.waitForMetric(
      (point) => point.name === 'pantheon.outbox.backlog' && point.value === 1,
      'a backlog of one'
    )
    await receiver.waitForMetric(
      (point) => point.name === 'pantheon.outbox.oldest_pending_age' && point.value > 0.2,
      'the age of the waiting event'
    )
    // The event is still in the outbox when the host dies.
    writer.process.kill('SIGKILL')
    await new Promise((resolve) => writer.process.once('exit', resolve))
    const [row] = deployment.query<{ status: string; traceparent: string }>(
      'select status, traceparent from pantheon_outbox'
    )
    assert.equal(row.status, 'pending')
    assert.match(row.traceparent, new RegExp(`^00-${write.traceId}-${write.spanId}-01$`))

    const consumer = await deployment.startHost(port(2))
    const relay = deployment.startRelay()
    cleanup(async () => {
      relay.kill('SIGTERM')
      await consumer.stop()
    })
    await eventually(async () => (await knownToOrders(port(2), [id])) === 1, 'Orders', 20_000)
    const trace = await traceOfCreate(receiver)

    assertRequestSide(assert, trace)
    const publish = publishedFrom(assert, trace, write)
    assert.notEqual(publish.instance, write.instance, 'published by another process')
    const consume = one(trace, `broker consume ${EVENT}`)
    assert.equal(consume.parentSpanId, publish.spanId)
    assert.notEqual(consume.instance, publish.instance, 'consumed by the new host')
    assertApplied(assert, trace, consume)
  }).timeout(60_000)

  test('a consumer host dies mid-retry; another host takes the message over and joins the trace', async ({
    assert,
    cleanup,
  }) => {
    const deployment = new MessagingDeployment('redis', BROKER_PORTS.redis, {
      ...receiver.env('shop'),
      MESSAGE_MAX_ATTEMPTS: '50',
    })
    const first = await deployment.startHost(port(1))
    cleanup(async () => {
      await first.stop()
      deployment.removeFiles()
      await deployment.removeBrokerState()
    })
    // Orders' table is gone: the first host's consumer keeps retrying, never acknowledging.
    renameTable(deployment, 'orders_catalog_products', 'orders_catalog_products_hidden')
    const id = await createProduct(port(1), 'Lamp redelivered to another host')
    await eventually(
      async () => receiver.spans.filter((span) => span.name === 'inbox check').length >= 2,
      'two failed tries in the first host',
      15_000
    )
    first.process.kill('SIGKILL')
    await new Promise((resolve) => first.process.once('exit', resolve))

    renameTable(deployment, 'orders_catalog_products_hidden', 'orders_catalog_products')
    const second = await deployment.startHost(port(2))
    cleanup(async () => {
      await second.stop()
    })
    // REDIS_CLAIM_IDLE_MS=1000: the second host claims the entry the dead one left pending.
    await eventually(async () => (await knownToOrders(port(2), [id])) === 1, 'Orders', 20_000)
    const trace = await traceOfCreate(receiver)

    const { write } = assertRequestSide(assert, trace)
    const publish = publishedFrom(assert, trace, write)
    const consume = one(trace, `broker consume ${EVENT}`)
    assert.equal(
      consume.parentSpanId,
      publish.spanId,
      'the redelivered message carries the context'
    )
    assert.notEqual(consume.instance, publish.instance, 'consumed by the second host')
    const applied = trace.filter(
      (span) => span.name === 'consumer apply' && span.parentSpanId === consume.spanId
    )
    assert.lengthOf(applied, 1)
    assert.notEqual(applied[0].status.code, 2)
    const failedTries = trace.filter(
      (span) => span.name === 'inbox check' && span.instance === publish.instance
    )
    assert.isAtLeast(failedTries.length, 2, "the first host's tries are in the same trace")
  }).timeout(60_000)

  test('a dead letter keeps its trace: retries, dead-lettering and dead-letters:retry join it', async ({
    assert,
    cleanup,
  }) => {
    const deployment = new MessagingDeployment('redis', BROKER_PORTS.redis, {
      ...receiver.env('shop'),
      MESSAGE_MAX_ATTEMPTS: '2',
    })
    const host = await deployment.startHost(port(1))
    cleanup(async () => {
      await host.stop()
      deployment.removeFiles()
      await deployment.removeBrokerState()
    })
    // Orders' table is gone (a broken deploy): every try of its consumer fails.
    renameTable(deployment, 'orders_catalog_products', 'orders_catalog_products_hidden')
    const id = await createProduct(port(1), 'Lamp that becomes a dead letter')
    const deadLettering = await receiver.waitForSpan(
      (span) => span.name === 'dead-letter',
      'dead-letter'
    )
    const trace = receiver.trace(deadLettering.traceId)
    const { write } = assertRequestSide(assert, trace)
    const publish = publishedFrom(assert, trace, write)
    const consume = one(trace, `broker consume ${EVENT}`)
    assert.equal(deadLettering.parentSpanId, consume.spanId)
    assert.equal(deadLettering.attributes['pantheon.delivery.attempts'], 2)
    assert.equal(deadLettering.attributes['pantheon.module'], 'orders')
    const tries = trace.filter((span) => span.name === 'inbox check')
    assert.lengthOf(tries, 2, 'both tries are in the trace')
    assert.isTrue(tries.every((span) => span.parentSpanId === consume.spanId))

    const deadLettered = await receiver.waitForMetric(
      (point) => point.name === 'pantheon.events.dead_lettered',
      'pantheon.events.dead_lettered'
    )
    assert.include(deadLettered.attributes, {
      'pantheon.module': 'orders',
      'pantheon.consumer': CONSUMER,
      'pantheon.event.type': EVENT,
    })
    assert.equal(deadLettered.value, 1)
    // The log line about the dead letter carries the trace and span ids of the consume span.
    await eventually(
      async () => host.output().includes(consume.spanId),
      'the dead letter log line with its span id',
      5_000
    )
    assert.include(host.output(), deadLettering.traceId)

    // Fixed: the operator replays the letter from another process.
    renameTable(deployment, 'orders_catalog_products_hidden', 'orders_catalog_products')
    assert.equal(await runAce(['dead-letters:retry', '--all'], deployment.env()), 0)
    assert.equal(await knownToOrders(port(1), [id]), 1)
    const replay = await receiver.waitForSpan(
      (span) => span.name === `dead letter replay ${EVENT}`,
      'dead letter replay'
    )
    assert.equal(replay.traceId, write.traceId, 'the replay joins the request trace')
    assert.equal(replay.parentSpanId, publish.spanId)
    assert.notEqual(replay.instance, consume.instance, 'replayed by the ace command')
    await receiver.waitForSpan(
      (span) => span.name === 'consumer apply' && span.parentSpanId === replay.spanId,
      'consumer apply under the replay'
    )
  }).timeout(60_000)
})

test.group('Telemetry off', (group) => {
  group.tap((t) => t.tags(['@slow', '@any-database']))
  let receiver: OtlpReceiver
  group.each.setup(async () => {
    receiver = await new OtlpReceiver(port(0)).start()
    return () => receiver.stop()
  })

  test('{title}: nothing is exported, nothing is stored, events still flow')
    .with([
      { title: 'no endpoint', env: {} as Record<string, string> },
      {
        title: 'OTEL_SDK_DISABLED=true with an endpoint',
        env: {
          OTEL_EXPORTER_OTLP_ENDPOINT: 'http://127.0.0.1:' + port(0),
          OTEL_SDK_DISABLED: 'true',
        },
      },
    ])
    .run(async ({ assert, cleanup }, { env }) => {
      const deployment = new MessagingDeployment('redis', BROKER_PORTS.redis, env)
      const host = await deployment.startHost(port(1))
      cleanup(async () => {
        await host.stop()
        deployment.removeFiles()
        await deployment.removeBrokerState()
      })
      const id = await createProduct(port(1), 'Untraced lamp')
      await eventually(async () => (await knownToOrders(port(1), [id])) === 1, 'Orders', 15_000)
      await host.stop()
      // A host with telemetry would have flushed its spans on the way out.
      assert.deepEqual(receiver.requests, [])
      const rows = deployment.query<{ traceparent: string | null }>(
        'select traceparent from pantheon_outbox'
      )
      assert.deepEqual(rows, [{ traceparent: null }])
      assert.notInclude(host.output(), 'trace_id')
    })
    .timeout(60_000)
})

function renameTable(deployment: MessagingDeployment, from: string, to: string) {
  const database = new DatabaseSync(deployment.sqliteFile)
  try {
    database.exec(`alter table ${from} rename to ${to}`)
  } finally {
    database.close()
  }
}
