import { randomUUID } from 'node:crypto'
import app from '@adonisjs/core/services/app'
import type { Redis } from 'ioredis'
import { connect } from 'amqplib'
import { v7 as uuidv7 } from 'uuid'
import type { IntegrationEvent } from '@pantheon/kit/integration'
import { MemoryTransport, type MessageTransport, type TransportKind } from '@pantheon/kit/messaging'

/** An integration event of `type`, version 1, with new ids. */
export function anEvent(type: string, payload: unknown = {}): IntegrationEvent<unknown> {
  return {
    eventId: uuidv7(),
    type,
    version: 1,
    occurredAt: new Date().toISOString(),
    correlationId: randomUUID(),
    payload,
  }
}

const RABBITMQ_URL = process.env.RABBITMQ_URL ?? 'amqp://guest:guest@127.0.0.1:5672'

/**
 * Builds transports of one kind against the real broker, under names of their own (a stream
 * prefix, an exchange and queue prefix) so runs never see each other's messages, and removes
 * everything they created afterwards.
 */
export interface TransportHarness {
  kind: TransportKind
  /** A broker keeps messages across processes; the memory transport lives in one process. */
  durable: boolean
  /** A new transport instance, as a separate process would have (same names, same broker). */
  make(overrides?: Record<string, unknown>): Promise<MessageTransport>
  cleanup(): Promise<void>
}

/** The app's own Redis connection, as the transports get it. */
export async function redisClient(): Promise<Redis> {
  const redis = await app.container.make('redis')
  return (redis.connection('main') as unknown as { ioConnection: Redis }).ioConnection
}

function memoryHarness(): TransportHarness {
  return {
    kind: 'memory',
    durable: false,
    make: async () => new MemoryTransport(),
    cleanup: async () => {},
  }
}

function redisHarness(run: string): TransportHarness {
  const streamPrefix = `pantheon-test:${run}:`
  const made: MessageTransport[] = []
  return {
    kind: 'redis',
    durable: true,
    async make(overrides = {}) {
      const { RedisStreamTransport } = await import('@pantheon/kit/messaging/redis')
      const transport = new RedisStreamTransport(await redisClient(), {
        streamPrefix,
        claimIdleMs: 400,
        blockMs: 200,
        consumerName: `consumer-${made.length}`,
        ...overrides,
      })
      made.push(transport)
      return transport
    },
    async cleanup() {
      await Promise.all(made.map((transport) => transport.close()))
      const client = await redisClient()
      const keys = await client.keys(`${streamPrefix}*`)
      if (keys.length > 0) await client.del(...keys)
    },
  }
}

function rabbitMqHarness(run: string): TransportHarness {
  const names = {
    exchange: `pantheon-test.${run}.events`,
    deadLetterExchange: `pantheon-test.${run}.dead-letter`,
    queuePrefix: `pantheon-test.${run}.`,
  }
  const made: MessageTransport[] = []
  const queues = new Set<string>()
  return {
    kind: 'rabbitmq',
    durable: true,
    async make(overrides = {}) {
      const { RabbitMqTransport } = await import('@pantheon/kit/messaging/rabbitmq')
      const transport = new RabbitMqTransport({
        url: RABBITMQ_URL,
        ...names,
        requeueDelayMs: 100,
        ...overrides,
      })
      const subscribe = transport.subscribe.bind(transport)
      transport.subscribe = (subscription) => {
        queues.add(transport.queueOf(subscription.module))
        subscribe(subscription)
      }
      made.push(transport)
      return transport
    },
    async cleanup() {
      await Promise.all(made.map((transport) => transport.close()))
      const connection = await connect(RABBITMQ_URL)
      const channel = await connection.createChannel()
      for (const queue of queues) {
        await channel.deleteQueue(queue)
        await channel.deleteQueue(`${queue}.dead-letter`)
      }
      await channel.deleteExchange(names.exchange)
      await channel.deleteExchange(names.deadLetterExchange)
      await connection.close()
    },
  }
}

export function transportHarness(kind: TransportKind): TransportHarness {
  const run = randomUUID().slice(0, 8)
  if (kind === 'redis') return redisHarness(run)
  if (kind === 'rabbitmq') return rabbitMqHarness(run)
  return memoryHarness()
}

/** Polls until `check` holds, failing with `what` after `timeoutMs`. */
export async function eventually(
  check: () => boolean | Promise<boolean>,
  what: string,
  timeoutMs = 5_000
) {
  const deadline = Date.now() + timeoutMs
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`)
    await new Promise((resolve) => setTimeout(resolve, 20))
  }
}
