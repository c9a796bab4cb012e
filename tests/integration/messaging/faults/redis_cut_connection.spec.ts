import { test } from '@japa/runner'
import { randomUUID } from 'node:crypto'
import app from '@adonisjs/core/services/app'
import { Redis, type RedisOptions } from 'ioredis'
import type { IntegrationEvent } from '@pantheon/kit/messaging'
import { TcpProxy } from '#tests/common/tcp_proxy'
import { testPort } from '#tests/common/test_ports'

/** This group's proxy port, above TEST_PORT (5100 by default). */
const PROXY_PORT = testPort(50)
const REDIS = { host: '127.0.0.1', port: 6379 }

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

test.group('Redis transport on a connection cut without a reset', (group) => {
  group.tap((t) => t.tags(['@slow', '@any-database']))
  test('a consumer whose connection goes silent reconnects and receives the next event', async ({
    assert,
    cleanup,
  }) => {
    const proxy = new TcpProxy(PROXY_PORT, REDIS)
    await proxy.up()
    cleanup(() => proxy.down())
    const streamPrefix = `pantheon-test:cut-${randomUUID().slice(0, 8)}:`
    const direct = new Redis(REDIS.port, REDIS.host)
    const throughProxy = new Redis(PROXY_PORT, '127.0.0.1', { lazyConnect: true })
    throughProxy.on('error', () => {})
    await throughProxy.connect()
    cleanup(async () => {
      const keys = await direct.keys(`${streamPrefix}*`)
      if (keys.length > 0) await direct.del(...keys)
      direct.disconnect()
      throughProxy.disconnect()
    })

    const { RedisStreamTransport } = await import('@pantheon/kit/messaging/redis')
    const received: string[] = []
    // An entry Redis handed to the read in flight when the connection went silent is pending
    // for this consumer: it comes back through the claim of idle entries (claimIdleMs).
    const consumer = new RedisStreamTransport(throughProxy, {
      streamPrefix,
      blockMs: 200,
      claimIdleMs: 1_000,
      commandTimeoutMs: 1_000,
    })
    consumer.subscribe({
      type: 'probe.cut_connection',
      version: 1,
      module: 'probe',
      consumer: 'probe.cut-connection',
      deliver: async (event) => void received.push(event.eventId),
    })
    await consumer.startConsuming()
    cleanup(() => consumer.close())
    const publisher = new RedisStreamTransport(direct, { streamPrefix })

    const before = sampleEvent()
    await publisher.publish(before)
    await waitFor(() => received.includes(before.eventId), 5_000)

    proxy.silenceOpenConnections()
    const after = sampleEvent()
    await publisher.publish(after)
    assert.isTrue(
      await waitFor(() => received.includes(after.eventId), 8_000),
      'the consumer never read again after its connection went silent'
    )
  }).timeout(30_000)
})

test.group('Redis connection of the app on a connection cut without a reset', (group) => {
  group.tap((t) => t.tags(['@slow', '@any-database']))
  test('publishes fail for a moment, then succeed again on a new connection', async ({
    assert,
    cleanup,
  }) => {
    const proxy = new TcpProxy(PROXY_PORT + 1, REDIS)
    await proxy.up()
    cleanup(() => proxy.down())
    // The app's own connection settings (config/redis.ts), pointed at the proxy.
    const settings = app.config.get<RedisOptions>('redis.connections.main')
    const client = new Redis({ ...settings, port: PROXY_PORT + 1, host: '127.0.0.1' })
    client.on('error', () => {})
    const streamPrefix = `pantheon-test:cut-${randomUUID().slice(0, 8)}:`
    cleanup(async () => {
      client.disconnect()
      const direct = new Redis(REDIS.port, REDIS.host)
      const keys = await direct.keys(`${streamPrefix}*`)
      if (keys.length > 0) await direct.del(...keys)
      direct.disconnect()
    })
    const { RedisStreamTransport } = await import('@pantheon/kit/messaging/redis')
    const publisher = new RedisStreamTransport(client, { streamPrefix })
    await publisher.publish(sampleEvent())

    proxy.silenceOpenConnections()
    const startedAt = Date.now()
    let published = false
    // What the outbox relay does: try again after a failure, until the broker takes it.
    while (!published && Date.now() - startedAt < 15_000) {
      published = await publisher.publish(sampleEvent()).then(
        () => true,
        () => false
      )
    }
    assert.isTrue(published, 'every publish failed after the connection went silent')
    assert.isBelow(Date.now() - startedAt, 12_000)
  }).timeout(30_000)
})

async function waitFor(condition: () => boolean, withinMs: number): Promise<boolean> {
  const deadline = Date.now() + withinMs
  while (Date.now() < deadline) {
    if (condition()) return true
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
  return condition()
}
