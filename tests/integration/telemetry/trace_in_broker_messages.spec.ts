import { test } from '@japa/runner'
import { randomUUID } from 'node:crypto'
import app from '@adonisjs/core/services/app'
import { connect } from 'amqplib'
import type { Redis } from 'ioredis'
import type { IntegrationEvent } from '@pantheon/kit/integration'

const RABBITMQ_URL = process.env.RABBITMQ_URL ?? 'amqp://guest:guest@127.0.0.1:5672'
const TRACE_CONTEXT = {
  traceparent: '00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01',
  tracestate: 'pantheon=test',
}

function tracedEvent(): IntegrationEvent<unknown> {
  return {
    eventId: randomUUID(),
    type: 'telemetry_test.thing_happened',
    version: 1,
    occurredAt: new Date().toISOString(),
    correlationId: 'test',
    payload: { id: randomUUID() },
    traceContext: TRACE_CONTEXT,
  }
}

async function redisClient(): Promise<Redis> {
  const redis = await app.container.make('redis')
  return (redis.connection('main') as unknown as { ioConnection: Redis }).ioConnection
}

/**
 * The trace context travels in the envelope, which Pantheon's consumers read; it is also where
 * each broker's own tools look for it: fields of the Redis stream entry, AMQP headers.
 */
test.group('Trace context in broker messages', () => {
  test('a Redis stream entry carries traceparent and tracestate fields', async ({
    assert,
    cleanup,
  }) => {
    const { RedisStreamTransport } = await import('@pantheon/kit/messaging/redis')
    const streamPrefix = `pantheon-test:${randomUUID().slice(0, 8)}:`
    const client = await redisClient()
    const transport = new RedisStreamTransport(client, { streamPrefix })
    cleanup(async () => {
      await transport.close()
      const keys = await client.keys(`${streamPrefix}*`)
      if (keys.length > 0) await client.del(...keys)
    })
    const event = tracedEvent()

    await transport.publish(event)

    const [[, fields]] = await client.xrange(transport.streamOf(event.type), '-', '+')
    const entry = Object.fromEntries(
      fields.flatMap((value, index) => (index % 2 === 0 ? [[value, fields[index + 1]]] : []))
    )
    assert.equal(entry.traceparent, TRACE_CONTEXT.traceparent)
    assert.equal(entry.tracestate, TRACE_CONTEXT.tracestate)
    assert.equal(
      entry.specversion,
      '1.0',
      'a CloudEvent: the trace context is its tracing extension'
    )
  })

  test('an AMQP message carries traceparent and tracestate headers', async ({
    assert,
    cleanup,
  }) => {
    const { RabbitMqTransport } = await import('@pantheon/kit/messaging/rabbitmq')
    const run = randomUUID().slice(0, 8)
    const exchange = `pantheon-test.${run}.events`
    const transport = new RabbitMqTransport({
      url: RABBITMQ_URL,
      exchange,
      deadLetterExchange: `pantheon-test.${run}.dead-letter`,
      queuePrefix: `pantheon-test.${run}.`,
    })
    const connection = await connect(RABBITMQ_URL)
    const channel = await connection.createChannel()
    cleanup(async () => {
      await transport.close()
      await channel.deleteExchange(exchange)
      await channel.deleteExchange(`pantheon-test.${run}.dead-letter`)
      await connection.close()
    })
    const event = tracedEvent()
    await channel.assertExchange(exchange, 'topic', { durable: true })
    const { queue } = await channel.assertQueue('', { exclusive: true })
    await channel.bindQueue(queue, exchange, event.type)

    // The transport connects in the background: a publish before that fails, and is tried again
    // (as the relay does).
    for (let tries = 0; ; tries++) {
      try {
        await transport.publish(event)
        break
      } catch (error) {
        if (tries === 50) throw error
        await new Promise((resolve) => setTimeout(resolve, 100))
      }
    }

    let message: Awaited<ReturnType<typeof channel.get>> = false
    for (let tries = 0; tries < 50 && message === false; tries++) {
      message = await channel.get(queue, { noAck: true })
      if (message === false) await new Promise((resolve) => setTimeout(resolve, 50))
    }
    assert.notEqual(message, false, 'the message never reached the queue')
    if (message === false) return
    assert.equal(message.properties.headers?.traceparent, TRACE_CONTEXT.traceparent)
    assert.equal(message.properties.headers?.tracestate, TRACE_CONTEXT.tracestate)
    assert.equal(message.properties.headers?.cloudEvents_traceparent, TRACE_CONTEXT.traceparent)
    assert.equal(message.properties.headers?.cloudEvents_tracestate, TRACE_CONTEXT.tracestate)
  })
})
