import { test } from '@japa/runner'
import { TcpProxy } from '#tests/common/tcp_proxy'
import { createProducts, eventually, knownToOrders, MessagingDeployment } from './messaging_host.js'
import { testPort } from '#tests/common/test_ports'

/*
 * The broker is unreachable while products are created: the API still answers 201 (the event
 * waits in the outbox, written with the product), and once the broker is back every event
 * reaches Orders, each applied once.
 */
const BROKERS = [
  {
    kind: 'redis',
    target: { host: '127.0.0.1', port: 6379 },
    ports: { proxy: testPort(130), http: testPort(120) },
  },
  {
    kind: 'rabbitmq',
    target: { host: '127.0.0.1', port: 5672 },
    ports: { proxy: testPort(131), http: testPort(121) },
  },
] as const

test.group('Broker outage', (group) => {
  group.tap((t) => t.tags(['@slow', '@any-database']))
  for (const broker of BROKERS) {
    test(`${broker.kind} down: 201s, events wait in the outbox, all delivered once it is back`, async ({
      assert,
      cleanup,
    }) => {
      const proxy = new TcpProxy(broker.ports.proxy, broker.target)
      const deployment = new MessagingDeployment(broker.kind, broker.ports.proxy)
      await proxy.up()
      const host = await deployment.startHost(broker.ports.http)
      cleanup(async () => {
        if (process.env.DEBUG_FAULTS) console.log(host.output())
        await host.stop()
        await proxy.down()
        deployment.removeFiles()
        await deployment.removeBrokerState()
      })

      await proxy.down()
      const ids = await createProducts(broker.ports.http, 20)
      assert.lengthOf(ids, 20)

      await eventually(
        async () =>
          deployment.query<{ n: number }>(
            'select count(*) as n from pantheon_outbox where attempts > 0'
          )[0].n > 0,
        'a failed publish recorded in the outbox',
        15_000
      )
      const waiting = deployment.query<{ status: string }>('select status from pantheon_outbox')
      assert.lengthOf(waiting, 20)
      assert.isTrue(
        waiting.every((row) => row.status === 'pending'),
        'nothing is sent while the broker is away'
      )
      assert.equal(await knownToOrders(broker.ports.http, ids), 0)
      const notReady = await fetch(`http://127.0.0.1:${broker.ports.http}/health/ready`)
      assert.equal(notReady.status, 503)
      const { checks } = (await notReady.json()) as { checks: Record<string, string> }
      assert.equal(checks[`Message transport (${broker.kind})`], 'error')

      await proxy.up()
      await eventually(
        async () => (await knownToOrders(broker.ports.http, ids)) === ids.length,
        'every product in Orders',
        45_000
      )
      const ready = await fetch(`http://127.0.0.1:${broker.ports.http}/health/ready`)
      assert.equal(ready.status, 200, 'ready again once the broker is back')
      const applied = deployment.query<{ n: number }>(
        "select count(*) as n from pantheon_inbox where consumer = 'orders.ProductCreatedConsumer'"
      )[0].n
      assert.equal(applied, 20, 'each event applied exactly once')
      await eventually(
        async () =>
          deployment.query<{ n: number }>(
            "select count(*) as n from pantheon_outbox where status = 'sent'"
          )[0].n === 20,
        'every outbox row marked sent',
        10_000
      )
      assert.equal(host.process.exitCode, null, 'the host never went down')
    }).timeout(90_000)
  }
})
