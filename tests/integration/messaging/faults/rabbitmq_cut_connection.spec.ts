import { test } from '@japa/runner'
import { randomUUID } from 'node:crypto'
import { connect } from 'amqplib'
import type { IntegrationEvent } from '@pantheon/kit/messaging'
import { TcpProxy } from '#tests/common/tcp_proxy'
import { testPort } from '#tests/common/test_ports'

/** This group's proxy port, above TEST_PORT (5100 by default). */
const PROXY_PORT = testPort(52)
const RABBITMQ = { host: '127.0.0.1', port: 5672 }

function sampleEvent(): IntegrationEvent<{ n: number }> {
  return {
    eventId: randomUUID(),
    type: 'probe.cut_connection',
    version: 1,
    occurredAt: new Date().toISOString(),
    correlationId: randomUUID(),
    payload: { n: 1 },
  }
}

test.group('RabbitMQ transport on a connection cut without a reset', (group) => {
  group.tap((t) => t.tags(['@slow', '@any-database']))
  test('publishes fail for a moment, then succeed again once the heartbeat has found the connection dead', async ({
    assert,
    cleanup,
  }) => {
    const proxy = new TcpProxy(PROXY_PORT, RABBITMQ)
    await proxy.up()
    cleanup(() => proxy.down())
    const run = randomUUID().slice(0, 8)
    const names = {
      exchange: `pantheon-test.${run}.events`,
      deadLetterExchange: `pantheon-test.${run}.dead-letter`,
      queuePrefix: `pantheon-test.${run}.`,
    }
    const { RabbitMqTransport } = await import('@pantheon/kit/messaging/rabbitmq')
    const publisher = new RabbitMqTransport({
      url: `amqp://guest:guest@127.0.0.1:${PROXY_PORT}`,
      ...names,
      publishTimeoutMs: 1_000,
      heartbeatSeconds: 1,
    })
    cleanup(async () => {
      // Closing waits for the broker's answer, which a connection still cut never brings.
      await Promise.race([publisher.close(), new Promise((resolve) => setTimeout(resolve, 3_000))])
      const connection = await connect(`amqp://guest:guest@${RABBITMQ.host}:${RABBITMQ.port}`)
      const channel = await connection.createChannel()
      await channel.deleteExchange(names.exchange)
      await channel.deleteExchange(names.deadLetterExchange)
      await connection.close()
    })
    let first = false
    for (let tries = 0; !first && tries < 50; tries++) {
      first = await publisher.publish(sampleEvent()).then(
        () => true,
        async () => {
          await new Promise((resolve) => setTimeout(resolve, 100))
          return false
        }
      )
    }
    assert.isTrue(first, 'the first publish never went through')

    proxy.silenceOpenConnections()
    const startedAt = Date.now()
    let published = false
    // What the outbox relay does: try again after a failure, until the broker takes it.
    while (!published && Date.now() - startedAt < 20_000) {
      published = await publisher.publish(sampleEvent()).then(
        () => true,
        async () => {
          await new Promise((resolve) => setTimeout(resolve, 200))
          return false
        }
      )
    }
    assert.isTrue(published, 'every publish failed after the connection went silent')
    assert.isBelow(Date.now() - startedAt, 15_000)
  }).timeout(40_000)

  test('the connection check fails within the readiness bound once the connection goes silent', async ({
    assert,
    cleanup,
  }) => {
    const proxy = new TcpProxy(PROXY_PORT, RABBITMQ)
    await proxy.up()
    cleanup(() => proxy.down())
    const { RabbitMqTransport } = await import('@pantheon/kit/messaging/rabbitmq')
    const run = randomUUID().slice(0, 8)
    const exchange = `pantheon-test.${run}.events`
    const deadLetterExchange = `pantheon-test.${run}.dead-letter`
    // The default heartbeat (10 s): readiness must not wait for it.
    const transport = new RabbitMqTransport({
      url: `amqp://guest:guest@127.0.0.1:${PROXY_PORT}`,
      exchange,
      deadLetterExchange,
      queuePrefix: `pantheon-test.${run}.`,
    })
    cleanup(async () => {
      await Promise.race([transport.close(), new Promise((resolve) => setTimeout(resolve, 3_000))])
      const connection = await connect(`amqp://guest:guest@${RABBITMQ.host}:${RABBITMQ.port}`)
      const channel = await connection.createChannel()
      await channel.deleteExchange(exchange)
      await channel.deleteExchange(deadLetterExchange)
      await connection.close()
    })
    // The 2 s bound readiness puts on every check (app/host/bounded_check.ts).
    const checkWithin2s = () =>
      Promise.race([
        transport.checkConnection().then(() => 'ok'),
        new Promise((resolve) => setTimeout(() => resolve('no answer'), 2_000)),
      ]).catch((error: Error) => error.message)
    let answer: unknown
    for (let tries = 0; answer !== 'ok' && tries < 50; tries++) {
      answer = await checkWithin2s()
      if (answer !== 'ok') await new Promise((resolve) => setTimeout(resolve, 100))
    }
    assert.equal(answer, 'ok', 'the transport never connected')

    proxy.silenceOpenConnections()
    assert.notEqual(await checkWithin2s(), 'ok')
  }).timeout(40_000)
})
