import { test } from '@japa/runner'
import app from '@adonisjs/core/services/app'
import db from '@adonisjs/lucid/services/db'
import { randomUUID } from 'node:crypto'
import { v7 as uuidv7 } from 'uuid'
import type { Redis } from 'ioredis'
import { createNoopMeter, metrics, type Attributes, type Meter } from '@opentelemetry/api'
import type { IntegrationEvent } from '@pantheon/kit/integration'
import { INBOX_TABLE, onceThroughInbox, type Subscription } from '@pantheon/kit/messaging'
import type {
  RedisStreamTransport,
  RedisStreamTransportOptions,
} from '@pantheon/kit/messaging/redis'
import type { EventsLostError } from '#kit/building_blocks/infrastructure/messaging/redis_stream_retention'
import { markTracingActive } from '#kit/building_blocks/infrastructure/telemetry/tracing'
import { measureMessaging } from '#kit/building_blocks/infrastructure/telemetry/messaging_metrics'
import { eventually } from './transport_harness.js'

/*
 * A Redis stream is trimmed only of what every consumer group acknowledged: a consumer that is
 * away finds every event published meanwhile, however many. Losing events takes an explicit
 * hardMaxLength, and each one lost is logged and counted. Limits far below the defaults (10
 * where the kit has 100,000) make "many times the limit" a few hundred events.
 */
const CREATED = 'retention.thing_created'

function anEvent(n: number): IntegrationEvent<unknown> {
  return {
    eventId: uuidv7(),
    type: CREATED,
    version: 1,
    occurredAt: new Date().toISOString(),
    correlationId: randomUUID(),
    payload: { n },
  }
}

/** Applies events through the inbox, as a real consumer does, and counts each one's effects. */
class CountingConsumer {
  readonly applied = new Map<string, number>()
  readonly subscription: Subscription
  deliveries = 0

  constructor(
    readonly name: string,
    behaviour: () => Promise<void> = async () => {}
  ) {
    const effect = onceThroughInbox(db, name, async (event) => {
      this.applied.set(event.eventId, (this.applied.get(event.eventId) ?? 0) + 1)
    })
    this.subscription = {
      type: CREATED,
      version: 1,
      consumer: name,
      module: name.split('.')[0],
      deliver: async (event) => {
        this.deliveries += 1
        await behaviour()
        await effect(event)
      },
    }
  }
}

async function redisClient(): Promise<Redis> {
  const redis = await app.container.make('redis')
  return (redis.connection('main') as unknown as { ioConnection: Redis }).ioConnection
}

/** Redis transports under a stream prefix of their own, each "process" a new instance. */
async function redisStreams(run: string) {
  const { RedisStreamTransport } = await import('@pantheon/kit/messaging/redis')
  const client = await redisClient()
  const streamPrefix = `pantheon-test:${run}:`
  const stream = `${streamPrefix}${CREATED}`
  const made: RedisStreamTransport[] = []
  const warnings: { error: unknown; context: string }[] = []
  return {
    client,
    stream,
    warnings,
    make(options: Partial<RedisStreamTransportOptions> = {}) {
      const transport = new RedisStreamTransport(
        client,
        { streamPrefix, claimIdleMs: 60_000, blockMs: 200, ...options },
        (error, context) => warnings.push({ error, context })
      )
      made.push(transport)
      return transport
    },
    async publish(transport: RedisStreamTransport, count: number) {
      const events = Array.from({ length: count }, (_, n) => anEvent(n))
      for (const event of events) await transport.publish(event)
      return events
    },
    /** Entries of the stream the group read and has not acknowledged yet. */
    async pending(group: string): Promise<number> {
      const [count] = (await client.xpending(stream, group)) as [number]
      return count
    },
    lost(): EventsLostError[] {
      return warnings
        .map(({ error }) => error)
        .filter((error): error is EventsLostError => (error as Error).name === 'EventsLostError')
    },
    async cleanup() {
      await Promise.all(made.map((transport) => transport.close()))
      const keys = await client.keys(`${streamPrefix}*`)
      if (keys.length > 0) await client.del(...keys)
    },
  }
}

/** What the kit counts, as an OpenTelemetry SDK would receive it; returns its teardown too. */
function recordMetrics() {
  const recorded: { name: string; value: number; attributes?: Attributes }[] = []
  const meter = createNoopMeter()
  meter.createCounter = ((name: string) => ({
    add: (value: number, attributes?: Attributes) =>
      void recorded.push({ name, value, attributes }),
  })) as Meter['createCounter']
  if (!metrics.setGlobalMeterProvider({ getMeter: () => meter })) {
    throw new Error('This process already has a meter provider: the metrics would go there')
  }
  markTracingActive(true)
  // What startTelemetry subscribes: the core publishes lost events on a diagnostics channel.
  const unsubscribe = measureMessaging()
  return {
    recorded,
    stop: () => {
      unsubscribe()
      markTracingActive(false)
      metrics.disable()
    },
  }
}

test.group('Redis stream retention', (group) => {
  let run: string
  let streams: Awaited<ReturnType<typeof redisStreams>>
  group.each.setup(async () => {
    run = randomUUID().slice(0, 8)
    streams = await redisStreams(run)
    return async () => {
      await streams.cleanup()
      await db.from(INBOX_TABLE).where('consumer', 'like', `retention_${run}%`).delete()
    }
  })
  group.each.timeout(30_000)

  const consumerName = (module: string) => `retention_${run}_${module}.ThingCreatedConsumer`

  test('a stopped consumer finds every event published meanwhile, many times maxLength', async ({
    assert,
  }) => {
    const orders = new CountingConsumer(consumerName('orders'))
    const before = streams.make()
    before.subscribe(orders.subscription)
    await before.startConsuming()
    await streams.publish(before, 1)
    await eventually(() => orders.applied.size === 1, 'the consumer to run once')
    await eventually(async () => (await streams.pending(orders.name)) === 0, 'its acknowledgement')
    await before.close()

    // A process that does not know the consumer, trimming as often as it can.
    const publisher = streams.make({ maxLength: 10, trimEvery: 10 })
    const meanwhile = await streams.publish(publisher, 150)
    await publisher.close()

    const after = streams.make()
    after.subscribe(orders.subscription)
    await after.startConsuming()
    await eventually(() => orders.applied.size === 151, '151 events', 15_000)
    assert.includeMembers(
      [...orders.applied.keys()],
      meanwhile.map((event) => event.eventId)
    )
    assert.isTrue([...orders.applied.values()].every((count) => count === 1))

    // Once acknowledged, entries do go.
    await eventually(async () => (await streams.pending(orders.name)) === 0, 'every ack')
    await streams.publish(streams.make({ maxLength: 10, trimEvery: 10 }), 10)
    await eventually(
      async () => (await streams.client.xlen(streams.stream)) < 50,
      'the acknowledged entries trimmed'
    )
    assert.lengthOf(streams.lost(), 0)
  })

  test('a consumer that never ran, known to the publishing process, finds every event', async ({
    assert,
  }) => {
    const orders = new CountingConsumer(consumerName('orders'))
    // Every process boots every module: the publisher knows the consumer without running it.
    const publisher = streams.make({ maxLength: 10, trimEvery: 10 })
    publisher.subscribe(orders.subscription)
    const events = await streams.publish(publisher, 150)
    await publisher.close()

    const consumerProcess = streams.make()
    consumerProcess.subscribe(orders.subscription)
    await consumerProcess.startConsuming()
    await eventually(() => orders.applied.size === 150, '150 events', 15_000)
    assert.sameMembers(
      [...orders.applied.keys()],
      events.map((event) => event.eventId)
    )
    assert.lengthOf(streams.lost(), 0)
  })

  test('past hardMaxLength the oldest entries go anyway, each counted as lost and logged', async ({
    assert,
    cleanup,
  }) => {
    const telemetry = recordMetrics()
    cleanup(telemetry.stop)
    const orders = new CountingConsumer(consumerName('orders'))
    const before = streams.make()
    before.subscribe(orders.subscription)
    await before.startConsuming()
    await streams.publish(before, 1)
    await eventually(() => orders.applied.size === 1, 'the consumer to run once')
    await eventually(async () => (await streams.pending(orders.name)) === 0, 'its acknowledgement')
    await before.close()

    const publisher = streams.make({ maxLength: 10, hardMaxLength: 100, trimEvery: 10 })
    const events = await streams.publish(publisher, 150)
    await publisher.close()

    const lostCount = () => streams.lost().reduce((sum, loss) => sum + loss.count, 0)
    await eventually(() => lostCount() === 50, '50 events counted as lost')
    assert.equal(await streams.client.xlen(streams.stream), 100)
    for (const loss of streams.lost()) {
      assert.equal(loss.stream, streams.stream)
      assert.equal(loss.group, orders.subscription.consumer)
    }
    const [firstLoss] = streams.lost()
    const logged = streams.warnings.find(({ error }) => error === firstLoss)?.context ?? ''
    assert.include(logged, `${firstLoss.count} entries of ${streams.stream}`)
    assert.include(logged, orders.subscription.consumer)
    const counted = telemetry.recorded.filter((point) => point.name === 'pantheon.events.lost')
    assert.equal(
      counted.reduce((sum, point) => sum + point.value, 0),
      50
    )
    assert.deepEqual(counted[0].attributes, {
      'pantheon.event.type': CREATED,
      'pantheon.consumer': orders.subscription.consumer,
    })

    const after = streams.make()
    after.subscribe(orders.subscription)
    await after.startConsuming()
    await eventually(() => orders.applied.size === 101, 'the 100 events kept', 15_000)
    assert.includeMembers(
      [...orders.applied.keys()],
      events.slice(50).map((event) => event.eventId)
    )
    assert.isTrue([...orders.applied.values()].every((count) => count === 1))
  })

  test('entries delivered but never acknowledged count as lost when the hard limit trims them', async ({
    assert,
  }) => {
    const failing = new CountingConsumer(consumerName('orders'), async () => {
      throw new Error('the database is away')
    })
    const consumerProcess = streams.make()
    consumerProcess.subscribe(failing.subscription)
    await consumerProcess.startConsuming()
    await streams.publish(consumerProcess, 20)
    await eventually(() => failing.deliveries === 20, 'the 20 deliveries')
    await consumerProcess.close()

    const publisher = streams.make({ maxLength: 1_000, hardMaxLength: 10, trimEvery: 10 })
    await streams.publish(publisher, 10)
    await publisher.close()

    await eventually(() => streams.lost().length > 0, 'the loss')
    assert.deepEqual(
      streams.lost().map((loss) => ({ group: loss.group, count: loss.count })),
      [{ group: failing.subscription.consumer, count: 20 }]
    )
  })
})
