import { test } from '@japa/runner'
import app from '@adonisjs/core/services/app'
import type { Redis } from 'ioredis'
import { TcpProxy } from '#tests/common/tcp_proxy'
import { createProducts, eventually, knownToOrders, MessagingDeployment } from './messaging_host.js'
import { testPort } from '#tests/common/test_ports'

/*
 * The relay runs as its own process and is killed with SIGKILL in the middle of a batch: some
 * events are on the stream but not yet marked sent, others still claimed. After a restart
 * every event reaches Orders, and the ones published twice are applied once.
 */
const PORTS = { proxy: testPort(132), http: testPort(122) }
const PRODUCTS = 150

async function redis(): Promise<Redis> {
  const manager = await app.container.make('redis')
  return (manager.connection('main') as unknown as { ioConnection: Redis }).ioConnection
}

test.group('Relay crash', (group) => {
  group.tap((t) => t.tags(['@slow', '@any-database']))
  test('relay SIGKILLed mid-batch: after a restart every event is delivered, each applied once', async ({
    assert,
    cleanup,
  }) => {
    const proxy = new TcpProxy(PORTS.proxy, { host: '127.0.0.1', port: 6379 })
    const deployment = new MessagingDeployment('redis', PORTS.proxy, { OUTBOX_RELAY: 'off' })
    const stream = `${deployment.namespace}:events:catalog.product_created`
    await proxy.up()
    const host = await deployment.startHost(PORTS.http)
    const client = await redis()
    cleanup(async () => {
      await host.stop()
      await proxy.down()
      deployment.removeFiles()
      await deployment.removeBrokerState()
    })

    const ids = await createProducts(PORTS.http, PRODUCTS)
    // Slow the relay's link to Redis so a batch is still in flight when it is killed.
    await proxy.up({ delayMs: 300 })
    const relay = deployment.startRelay()
    // Redis has stored the batch; the relay hears back 300 ms later, and is killed meanwhile.
    const deadline = Date.now() + 30_000
    while ((await client.xlen(stream)) === 0 && Date.now() < deadline) {}
    relay.kill('SIGKILL')
    await new Promise((resolve) => relay.once('exit', resolve))

    const published = await client.xlen(stream)
    const markedSent = deployment.query<{ n: number }>(
      "select count(*) as n from pantheon_outbox where status = 'sent'"
    )[0].n
    assert.isBelow(
      markedSent,
      published,
      'killed after publishing, before marking those events sent'
    )
    assert.isBelow(markedSent, PRODUCTS, 'killed before the outbox was drained')

    await proxy.up({ delayMs: 0 })
    const restarted = deployment.startRelay()
    cleanup(() => void restarted.kill('SIGKILL'))
    await eventually(
      async () => (await knownToOrders(PORTS.http, ids)) === PRODUCTS,
      'every product in Orders',
      60_000
    )

    const applied = deployment.query<{ n: number }>(
      "select count(*) as n from pantheon_inbox where consumer = 'orders.ProductCreatedConsumer'"
    )[0].n
    assert.equal(applied, PRODUCTS, 'each event applied once, although some were published twice')
    assert.isAbove(await client.xlen(stream), PRODUCTS - 1)
    await eventually(
      async () =>
        deployment.query<{ n: number }>(
          "select count(*) as n from pantheon_outbox where status = 'sent'"
        )[0].n === PRODUCTS,
      'every outbox row marked sent',
      15_000
    )
    assert.lengthOf(deployment.query('select * from pantheon_dead_letters'), 0)
  }).timeout(120_000)
})
