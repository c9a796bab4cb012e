import { test } from '@japa/runner'
import { existsSync } from 'node:fs'
import { createServer } from 'node:http'
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import ComposeHosts from '#commands/compose_hosts'
import { composeConfig } from '#tests/common/compose_config'
import { startNginx } from '#tests/common/nginx_proxy'
import { testPort } from '#tests/common/test_ports'
import { parseDocument, type YAMLMap } from 'yaml'
import { linkPackages, runCommand, scaffoldInProcess } from '#tests/common/scaffolding'

/*
 * compose:hosts in an app made by `init --aspire`: the overlay docker-compose validates and merges
 * (offline, as init --aspire's own file is checked), its hosts are copies of the app service with
 * their modules and databases, and the gateway's configuration is one nginx accepts.
 */

let root: string

async function composeHosts(...argv: string[]) {
  return runCommand(ComposeHosts, argv, { appRoot: root })
}

async function appWith(transport: string, modules: string[]) {
  const out = await mkdtemp(join(tmpdir(), 'pantheon-hosts-'))
  await scaffoldInProcess(out, ['init', 'Shop', '--out', out, '--aspire', '--transport', transport])
  root = join(out, 'Shop')
  await linkPackages(root)
  for (const module of modules) await scaffoldInProcess(root, ['add-module', module])
  return () => rm(out, { recursive: true, force: true })
}

test.group('compose:hosts', (group) => {
  group.tap((t) => t.tags(['@any-database']))

  test('splits the modules over hosts that docker-compose validates, each on a database of its own', async ({
    assert,
    cleanup,
  }) => {
    cleanup(await appWith('redis', ['Catalog', 'Orders', 'Billing']))
    const { exitCode, output } = await composeHosts('Catalog', 'orders,Billing')
    assert.equal(exitCode, 0, output)
    assert.include(output, 'create compose.hosts.yaml')
    assert.include(output, 'create compose/gateway.conf')

    const files = ['compose.yaml', 'compose.hosts.yaml']
    const hosts = await composeConfig(root, {}, { files, profiles: ['hosts'] })
    const base = hosts.services.app.environment!
    assert.sameMembers(Object.keys(hosts.services), [
      'postgres',
      'redis',
      'aspire-dashboard',
      'app',
      'host-databases',
      'host-catalog',
      'host-billing-orders',
      'gateway',
    ])
    for (const [service, modules, database] of [
      ['host-catalog', 'catalog', 'shop_catalog'],
      ['host-billing-orders', 'billing,orders', 'shop_billing_orders'],
    ]) {
      const host = hosts.services[service]
      assert.deepEqual(host.profiles, ['hosts'])
      assert.deepEqual(host.environment, {
        ...base,
        PANTHEON_MODULES: modules,
        DATABASE_URL: `postgres://postgres:postgres@postgres:5432/${database}`,
        OTEL_SERVICE_NAME: `${base.OTEL_SERVICE_NAME}-${service.slice(5)}`,
      })
      assert.isUndefined(host.ports, `${service} is reached through the gateway only`)
      assert.deepEqual(host.healthcheck, hosts.services.app.healthcheck)
      assert.equal(host.depends_on!['host-databases'].condition, 'service_completed_successfully')
      assert.equal(host.depends_on!.redis.condition, 'service_healthy')
    }
    assert.deepEqual(hosts.services.app.profiles, ['monolith'])
    assert.include(
      hosts.services['host-databases'].command!.join(' '),
      'shop_catalog shop_billing_orders'
    )
    assert.deepEqual(hosts.services.gateway.ports, [{ published: 8080, target: 8080 }])

    // Without the overlay, compose.yaml is what init wrote: one host serving every module.
    const alone = await composeConfig(root)
    assert.isUndefined(alone.services.app.profiles)
    assert.notProperty(alone.services, 'host-catalog')

    // The gateway's configuration, with Catalog's host pointed at a server of this test and the
    // other at a port where nothing listens, is one nginx serves with, each module to its host.
    const gateway = await readFile(join(root, 'compose/gateway.conf'), 'utf8')
    const catalogHost = createServer((request, response) => response.end(`catalog ${request.url}`))
    await new Promise<void>((resolve) => catalogHost.listen(testPort(276), '127.0.0.1', resolve))
    cleanup(() => new Promise<void>((resolve) => catalogHost.close(() => resolve())))
    const nginx = await startNginx(
      gateway
        .replaceAll('host-catalog:5000', `127.0.0.1:${testPort(276)}`)
        .replaceAll(/host-[a-z-]+:5000/g, '127.0.0.1:9'),
      testPort(275)
    )
    cleanup(() => nginx.stop())
    const through = async (path: string) => {
      const response = await fetch(`http://127.0.0.1:${nginx.port}${path}`)
      return `${response.status} ${await response.text()}`
    }
    for (const path of ['/api/catalog/sample', '/api/v2.0/catalog/1', '/openapi/catalog-v1.json']) {
      assert.equal(await through(path), `200 catalog ${path}`)
    }
    for (const path of ['/api/orders/sample', '/api/billing', '/openapi/orders-v2.json']) {
      assert.match(await through(path), /^502 /, `${path} goes to the orders and billing host`)
    }
  }).timeout(60_000)

  test('run again, it rewrites both files for the hosts it is given', async ({
    assert,
    cleanup,
  }) => {
    cleanup(await appWith('rabbitmq', ['Catalog', 'Orders']))
    await composeHosts('catalog', 'orders')
    const again = await composeHosts('orders', 'catalog')
    assert.equal(again.exitCode, 0, again.output)
    const hosts = await composeConfig(
      root,
      {},
      { files: ['compose.yaml', 'compose.hosts.yaml'], profiles: ['hosts'] }
    )
    assert.equal(
      hosts.services['host-orders'].environment!.RABBITMQ_URL,
      'amqp://guest:guest@rabbitmq:5672'
    )
    const written = await readFile(join(root, 'compose.hosts.yaml'), 'utf8')
    assert.include(written, '# Written by `node ace compose:hosts orders catalog`:')
  }).timeout(60_000)

  test('a compose.yaml written another way: a shared environment merged in, depends_on as a list, no health check', async ({
    assert,
    cleanup,
  }) => {
    cleanup(await appWith('redis', ['Catalog', 'Orders']))
    const file = join(root, 'compose.yaml')
    const document = parseDocument(await readFile(file, 'utf8'))
    const app = document.getIn(['services', 'app']) as YAMLMap
    const environment = app.get('environment') as YAMLMap
    // The broker settings moved to an x- block every service could share, merged back in.
    const shared = document.createNode({
      MESSAGE_TRANSPORT: environment.get('MESSAGE_TRANSPORT'),
      REDIS_URL: environment.get('REDIS_URL'),
    })
    shared.anchor = 'broker'
    // Before services: an anchor comes before its aliases.
    ;(document.contents as YAMLMap).items.unshift(document.createPair('x-broker', shared))
    environment.delete('MESSAGE_TRANSPORT')
    environment.delete('REDIS_URL')
    environment.items.unshift(document.createPair('<<', document.createAlias(shared)))
    app.set('depends_on', ['postgres', 'redis'])
    app.delete('healthcheck')
    await writeFile(file, document.toString())

    const { exitCode, output } = await composeHosts('catalog', 'orders')
    assert.equal(exitCode, 0, output)
    const hosts = await composeConfig(
      root,
      {},
      { files: ['compose.yaml', 'compose.hosts.yaml'], profiles: ['hosts'] }
    )
    const orders = hosts.services['host-orders']
    assert.equal(orders.environment!.MESSAGE_TRANSPORT, 'redis')
    assert.equal(orders.environment!.REDIS_URL, 'redis://redis:6379')
    assert.equal(orders.depends_on!.redis.condition, 'service_started')
    assert.equal(hosts.services.gateway.depends_on!['host-orders'].condition, 'service_started')
  }).timeout(60_000)

  test('{case} is refused with what to do, and nothing is written')
    .with([
      { case: 'one host', argv: ['catalog,orders,billing'], says: 'Name two hosts or more' },
      {
        case: 'a host of no module',
        argv: ['catalog,orders,billing', ' , '],
        says: 'The host " , " names no module',
      },
      {
        case: 'an unknown module',
        argv: ['catalog', 'shipping'],
        says: 'The host "shipping" names a module this app does not have: "shipping"',
      },
      {
        case: 'a module in two hosts',
        argv: ['catalog,orders', 'orders,billing'],
        says: 'orders is in two hosts (host-catalog-orders and host-billing-orders)',
      },
      {
        case: 'a module in no host',
        argv: ['catalog', 'orders'],
        says: 'No host serves billing: add it to a host, or its routes answer 404 behind the gateway',
      },
    ])
    .run(async ({ assert, cleanup }, { argv, says }) => {
      cleanup(await appWith('redis', ['Catalog', 'Orders', 'Billing']))
      const { exitCode, output } = await composeHosts(...argv)
      assert.equal(exitCode, 1)
      assert.include(output, says)
      assert.isFalse(existsSync(join(root, 'compose.hosts.yaml')))
      assert.isFalse(existsSync(join(root, 'compose/gateway.conf')))
    })
    .timeout(60_000)

  test('an app on the memory transport, or without compose.yaml, is refused', async ({
    assert,
    cleanup,
  }) => {
    cleanup(await appWith('memory', ['Catalog', 'Orders']))
    const memory = await composeHosts('catalog', 'orders')
    assert.equal(memory.exitCode, 1)
    assert.include(
      memory.output,
      'The app runs on the memory transport, whose events never leave the host that commits them'
    )
    await writeFile(join(root, 'compose.yaml'), 'services: [')
    const broken = await composeHosts('catalog', 'orders')
    assert.include(broken.output, 'compose.yaml is not valid YAML')
    await rm(join(root, 'compose.yaml'))
    const none = await composeHosts('catalog', 'orders')
    assert.include(none.output, 'This app has no compose.yaml')
    assert.isFalse(existsSync(join(root, 'compose.hosts.yaml')))
  }).timeout(60_000)
})
