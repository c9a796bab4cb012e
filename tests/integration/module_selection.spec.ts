import { test } from '@japa/runner'
import { spawn } from 'node:child_process'
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { DatabaseSync } from 'node:sqlite'
import app from '@adonisjs/core/services/app'
import { removeNamespace } from '#tests/common/broker_namespace'
import { startNginxProxy } from '#tests/common/nginx_proxy'
import { createPostgresDatabase, queryRows } from '#tests/common/postgres_database'
import { startServerProcess, type RunningServer } from '#tests/common/server_process'
import { TEST_PORT, testPort } from '#tests/common/test_ports'

/*
 * PANTHEON_MODULES, proven on real processes of this repository's host and ace: what a host
 * serves, what it refuses to start with, and what `migration:run` migrates.
 */
const CATALOG_PORT = testPort(271)
const REFUSED_PORT = testPort(272)
const ORDERS_PORT = testPort(273)
const PROXY_PORT = testPort(274)
const TABLES = ['pantheon_outbox', 'catalog_products', 'orders_catalog_products']

/** A SQLite file of the test's own, removed (with its WAL files) when the test ends. */
function databaseFile(name: string, cleanup: (fn: () => Promise<void>) => void): string {
  const file = app.tmpPath(`module-selection-${TEST_PORT}-${name}.sqlite3`)
  const remove = () =>
    Promise.all(['', '-wal', '-shm'].map((end) => rm(`${file}${end}`, { force: true })))
  cleanup(async () => void (await remove()))
  return file
}

function hostEnv(port: number, database: string, env: Record<string, string>) {
  return {
    // Under NODE_ENV=test the host serves its API reference page, which lists the documents.
    NODE_ENV: 'test',
    HOST: '127.0.0.1',
    PORT: String(port),
    HTTPS_ENABLED: 'false',
    RATE_LIMIT_STORE: 'off',
    DB_CONNECTION: 'sqlite',
    SQLITE_FILENAME: database,
    MESSAGE_TRANSPORT: 'memory',
    ...env,
  }
}

async function startHost(
  port: number,
  database: string,
  env: Record<string, string>,
  cleanup: (fn: () => Promise<void>) => void
): Promise<RunningServer> {
  const host = await startServerProcess(hostEnv(port, database, env))
  cleanup(async () => void (await host.stop()))
  return host
}

/** What a host that must not start printed before it exited. */
async function refusedStart(env: Record<string, string>, database: string): Promise<string> {
  try {
    const host = await startServerProcess(hostEnv(REFUSED_PORT, database, env))
    await host.stop()
  } catch (error) {
    return (error as Error).message
  }
  throw new Error(`the host started with ${JSON.stringify(env)}`)
}

/** `node ace <args>` of this repository in a process of its own: exit code and output. */
function ace(args: string[], env: Record<string, string>) {
  const child = spawn(process.execPath, ['ace.js', ...args], {
    cwd: app.makePath(),
    env: { ...process.env, NODE_ENV: 'test', DB_CONNECTION: 'sqlite', ...env },
  })
  let output = ''
  child.stdout.on('data', (chunk) => (output += chunk))
  child.stderr.on('data', (chunk) => (output += chunk))
  const killer = setTimeout(() => child.kill('SIGKILL'), 60_000)
  return new Promise<{ code: number | null; output: string }>((resolve) =>
    child.once('exit', (code) => {
      clearTimeout(killer)
      resolve({ code, output })
    })
  )
}

function tablesOf(file: string): string[] {
  const database = new DatabaseSync(file, { readOnly: true })
  try {
    const rows = database.prepare("select name from sqlite_master where type = 'table'").all()
    const names = (rows as { name: string }[]).map((row) => row.name)
    return names.filter((name) => TABLES.includes(name)).sort()
  } finally {
    database.close()
  }
}

async function status(port: number, path: string): Promise<number> {
  const { status: answered } = await get(port, path)
  return answered
}

async function get(port: number, path: string) {
  const response = await fetch(`http://127.0.0.1:${port}${path}`)
  return { status: response.status, body: await response.text() }
}

/** Two PostgreSQL databases of the test's own, `a` and `b`, dropped when it ends: their URLs. */
async function twoDatabases(prefix: string, cleanup: (fn: () => Promise<void>) => void) {
  const urls = { a: '', b: '' }
  for (const name of ['a', 'b'] as const) {
    const database = `${prefix}_${name}_${TEST_PORT}`
    cleanup(await createPostgresDatabase(database))
    urls[name] = `postgres://postgres@127.0.0.1:5432/${database}`
  }
  return urls
}

/** A host's settings on PostgreSQL `url` and a broker namespace of the test's own (removed after). */
function brokerSettings(
  transport: 'redis' | 'rabbitmq',
  namespace: string,
  cleanup: (fn: () => Promise<void>) => void
) {
  cleanup(() => removeNamespace(transport, namespace))
  return (url: string, modules?: string) => ({
    DB_CONNECTION: 'pg',
    DATABASE_URL: url,
    MESSAGE_TRANSPORT: transport,
    MESSAGE_NAMESPACE: namespace,
    ...(modules ? { PANTHEON_MODULES: modules } : {}),
  })
}

/** A product created through `port` (a host serving Catalog, or the proxy): its id. */
async function createProduct(port: number, name: string): Promise<string> {
  const created = await fetch(`http://127.0.0.1:${port}/api/v1/catalog`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ name, price: 4 }),
  })
  if (created.status !== 201)
    throw new Error(`POST ${name}: ${created.status} ${await created.text()}`)
  return String(await created.json())
}

/** Waits until Orders' copy of each product reads back through `port`; fails after 30 s. */
async function untilOrdersHas(port: number, ids: string[]) {
  const deadline = Date.now() + 30_000
  for (const id of ids) {
    let read = await get(port, `/api/orders/products/${id}`)
    while (read.status !== 200 && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 100))
      read = await get(port, `/api/orders/products/${id}`)
    }
    if (read.status !== 200) throw new Error(`Orders never had product ${id}: ${read.body}`)
  }
}

/** A bash pipeline with `env`, failing with its output when a command of it fails. */
async function runShell(script: string, env: Record<string, string>) {
  const child = spawn('bash', ['-o', 'pipefail', '-c', script], { env: { ...process.env, ...env } })
  let output = ''
  child.stdout.on('data', (chunk) => (output += chunk))
  child.stderr.on('data', (chunk) => (output += chunk))
  const code = await new Promise((resolve) => child.once('exit', resolve))
  if (code !== 0) throw new Error(`${script} exited ${code}:\n${output}`)
}

test.group('Modules chosen per host (PANTHEON_MODULES)', (group) => {
  group.tap((t) => t.tags(['@any-database', '@slow']))

  test('a catalog host, chosen in its .env, serves and migrates catalog and knows nothing of orders', async ({
    assert,
    cleanup,
  }) => {
    const envFolder = await mkdtemp(join(tmpdir(), 'pantheon-selection-env-'))
    cleanup(() => rm(envFolder, { recursive: true, force: true }))
    await writeFile(join(envFolder, '.env'), 'PANTHEON_MODULES=catalog\n')
    const database = databaseFile('catalog', cleanup)
    await startHost(
      CATALOG_PORT,
      database,
      { ENV_PATH: envFolder, DB_AUTO_MIGRATE: 'true' },
      cleanup
    )

    assert.equal(await status(CATALOG_PORT, '/api/catalog/sample'), 200)
    const orders = await get(CATALOG_PORT, '/api/orders/sample')
    assert.equal(orders.status, 404)
    assert.equal(JSON.parse(orders.body).code, 'Route.NotFound')
    for (const path of [
      '/asyncapi/orders.json',
      '/openapi/orders-v1.json',
      '/docs/events/orders',
    ]) {
      assert.equal(await status(CATALOG_PORT, path), 404, path)
    }
    assert.equal(await status(CATALOG_PORT, '/asyncapi/catalog.json'), 200)
    assert.equal(await status(CATALOG_PORT, '/openapi/catalog-v1.json'), 200)
    const { body: listing } = await get(CATALOG_PORT, '/docs')
    assert.include(listing, '/openapi/catalog-v1.json')
    assert.include(listing, '/asyncapi/catalog.json')
    assert.notInclude(listing, '/openapi/orders')
    assert.notInclude(listing, '/asyncapi/orders')

    const created = await fetch(`http://127.0.0.1:${CATALOG_PORT}/api/v1/catalog`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Selected lamp', price: 3 }),
    })
    assert.equal(created.status, 201)
    assert.equal(await status(CATALOG_PORT, '/health/ready'), 200)
    assert.deepEqual(tablesOf(database), ['catalog_products', 'pantheon_outbox'])
  }).timeout(60_000)

  test('an orders host on the memory transport is refused: its consumer waits for catalog', async ({
    assert,
    cleanup,
  }) => {
    const message = await refusedStart(
      { PANTHEON_MODULES: 'orders' },
      databaseFile('refused-memory', cleanup)
    )
    assert.include(
      message,
      'the orders module consumes catalog.product_created (orders.ProductCreatedConsumer) from the catalog module, which this host does not serve'
    )
    assert.include(message, 'PANTHEON_MODULES=orders,catalog')
    assert.include(message, 'MESSAGE_TRANSPORT=redis or rabbitmq')
  }).timeout(60_000)

  test('a module this app does not have, or a list of no module, is refused with the modules', async ({
    assert,
    cleanup,
  }) => {
    const database = databaseFile('refused-unknown', cleanup)
    const unknown = await refusedStart({ PANTHEON_MODULES: 'Catalog, billing' }, database)
    assert.include(unknown, '"billing"')
    assert.include(unknown, 'The modules are catalog, orders')
    const empty = await refusedStart({ PANTHEON_MODULES: ' , ' }, database)
    assert.include(empty, 'names no module')
  }).timeout(60_000)

  test('migration:run migrates the host tables and the selected modules, one selection after another', async ({
    assert,
    cleanup,
  }) => {
    const database = databaseFile('migrations', cleanup)
    const env = { SQLITE_FILENAME: database }

    const catalog = await ace(['migration:run'], { ...env, PANTHEON_MODULES: 'catalog' })
    assert.equal(catalog.code, 0, catalog.output)
    assert.deepEqual(tablesOf(database), ['catalog_products', 'pantheon_outbox'])

    const orders = await ace(['migration:run'], { ...env, PANTHEON_MODULES: 'orders' })
    assert.equal(orders.code, 0, orders.output)
    assert.sameMembers(tablesOf(database), TABLES)

    const unknown = await ace(['migration:run'], { ...env, PANTHEON_MODULES: 'shipping' })
    assert.notEqual(unknown.code, 0)
    assert.include(unknown.output, '"shipping"')
    assert.include(unknown.output, 'The modules are catalog, orders')
  }).timeout(120_000)

  test('orders on a database of its own (ORDERS_DATABASE_URL) keeps its tables and inbox and migrations there while one host carries the events', async ({
    assert,
    cleanup,
  }) => {
    const main = databaseFile('own-main', cleanup)
    const orders = databaseFile('own-orders', cleanup)
    const own = { ORDERS_DATABASE_URL: `sqlite:${orders}` }
    const migrated = await ace(['migration:run'], { SQLITE_FILENAME: main, ...own })
    assert.equal(migrated.code, 0, migrated.output)
    assert.deepEqual(tablesOf(main), ['catalog_products', 'pantheon_outbox'])
    const ordersMigrated = await ace(['migration:run', '--connection=orders'], {
      SQLITE_FILENAME: main,
      ...own,
    })
    assert.equal(ordersMigrated.code, 0, ordersMigrated.output)
    assert.deepEqual(tablesOf(orders), ['orders_catalog_products', 'pantheon_outbox'])

    await startHost(CATALOG_PORT, main, own, cleanup)
    const ready = await get(CATALOG_PORT, '/health/ready')
    assert.equal(ready.status, 200, ready.body)
    assert.includeMembers(Object.keys(JSON.parse(ready.body).checks), [
      'Database health check (sqlite)',
      'Database health check (orders)',
    ])
    const ids = [
      await createProduct(CATALOG_PORT, 'Kettle 1'),
      await createProduct(CATALOG_PORT, 'Kettle 2'),
    ]
    await untilOrdersHas(CATALOG_PORT, ids)
    // Catalog's events leave from its outbox in the main database; Orders records each in the
    // inbox of its own, beside its copy.
    const rows = (file: string, sql: string) => {
      const database = new DatabaseSync(file, { readOnly: true })
      try {
        return database.prepare(sql).all() as Record<string, unknown>[]
      } finally {
        database.close()
      }
    }
    assert.lengthOf(rows(main, "select id from pantheon_outbox where status = 'sent'"), 2)
    assert.lengthOf(rows(main, 'select event_id from pantheon_inbox'), 0)
    assert.lengthOf(rows(orders, 'select event_id from pantheon_inbox'), 2)
    assert.deepEqual(
      rows(orders, 'select id from orders_catalog_products order by id').map((row) => row.id),
      ids.sort()
    )
  }).timeout(120_000)

  test('a module database the host cannot use stops the start with the setting to fix', async ({
    assert,
    cleanup,
  }) => {
    const output = await refusedStart(
      { ORDERS_DATABASE_URL: 'mysql://root@127.0.0.1/orders' },
      databaseFile('own-refused', cleanup)
    )
    assert.include(output, 'ORDERS_DATABASE_URL must be a PostgreSQL URL')
  }).timeout(60_000)

  // On Redis only: what this test adds (one SQLite file shared by two hosts, the documents and
  // the 404s through nginx) is the same on any broker, and the test after it carries events
  // between two hosts behind nginx on each broker.
  test('on {$self}, a catalog host and an orders host behind nginx carry an event between them')
    .with(['redis'] as const)
    .run(async ({ assert, cleanup }, transport) => {
      const database = databaseFile(`two-hosts-${transport}`, cleanup)
      const namespace = `pantheon-selection-${transport}-${TEST_PORT}`
      cleanup(() => removeNamespace(transport, namespace))
      for (const module of ['catalog', 'orders']) {
        const migrated = await ace(['migration:run'], {
          SQLITE_FILENAME: database,
          PANTHEON_MODULES: module,
        })
        assert.equal(migrated.code, 0, migrated.output)
      }
      const broker = { MESSAGE_TRANSPORT: transport, MESSAGE_NAMESPACE: namespace }
      const ordersHost = await startHost(
        ORDERS_PORT,
        database,
        { ...broker, PANTHEON_MODULES: 'orders' },
        cleanup
      )
      await startHost(CATALOG_PORT, database, { ...broker, PANTHEON_MODULES: 'catalog' }, cleanup)
      // docs/nginx/pantheon.conf as the docs give it, its two hosts' addresses changed.
      const proxy = await startNginxProxy(PROXY_PORT, { 3334: CATALOG_PORT, 3335: ORDERS_PORT })
      cleanup(() => proxy.stop())
      assert.equal(await status(PROXY_PORT, '/api/catalog/sample'), 200)
      assert.equal(await status(PROXY_PORT, '/api/orders/sample'), 200)
      assert.equal(await status(PROXY_PORT, '/openapi/orders-v1.json'), 200)
      assert.equal(await status(PROXY_PORT, '/asyncapi/catalog.json'), 200)

      const created = await fetch(`http://127.0.0.1:${PROXY_PORT}/api/v1/catalog`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ name: 'Travelling lamp', price: 4 }),
      })
      assert.equal(created.status, 201)
      const id = String(await created.json())

      const deadline = Date.now() + 20_000
      let read = await get(PROXY_PORT, `/api/orders/products/${id}`)
      while (read.status !== 200 && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 100))
        read = await get(PROXY_PORT, `/api/orders/products/${id}`)
      }
      assert.equal(read.status, 200, read.body)
      assert.equal(JSON.parse(read.body).name, 'Travelling lamp')
      assert.equal(await status(CATALOG_PORT, `/api/orders/products/${id}`), 404)
      assert.equal(await status(ORDERS_PORT, '/api/catalog/sample'), 404)
      // Catalog is a module of the app, served elsewhere: not "another service" to warn about.
      assert.notInclude(ordersHost.output(), 'no module of this app is catalog')
    })
    .timeout(120_000)

  test(
    'on {$self} and PostgreSQL, hosts on databases of their own: every event crosses once, an orders host killed meanwhile included'
  )
    .with(['redis', 'rabbitmq'] as const)
    .run(async ({ assert, cleanup }, transport) => {
      const urls = await twoDatabases(`pantheon_hosts_${transport}`, cleanup)
      const on = brokerSettings(transport, `pantheon-databases-${transport}-${TEST_PORT}`, cleanup)
      for (const [module, url] of [
        ['catalog', urls.a],
        ['orders', urls.b],
      ]) {
        const migrated = await ace(['migration:run'], on(url, module))
        assert.equal(migrated.code, 0, migrated.output)
      }
      let ordersHost = await startHost(ORDERS_PORT, '', on(urls.b, 'orders'), cleanup)
      const catalogHost = await startHost(CATALOG_PORT, '', on(urls.a, 'catalog'), cleanup)
      const proxy = await startNginxProxy(PROXY_PORT, { 3334: CATALOG_PORT, 3335: ORDERS_PORT })
      let proxyStopped = false
      cleanup(() => (proxyStopped ? undefined : proxy.stop()))

      const before = []
      for (const name of ['Lamp 1', 'Lamp 2', 'Lamp 3'])
        before.push(await createProduct(PROXY_PORT, name))
      await untilOrdersHas(PROXY_PORT, before)
      // The orders host dies at once, as a crash or an OOM kill does; Catalog goes on taking
      // products, and its events wait in the broker for Orders.
      ordersHost.process.kill('SIGKILL')
      await new Promise((resolve) => ordersHost.process.once('exit', resolve))
      const during = []
      for (const name of ['Lamp 4', 'Lamp 5', 'Lamp 6'])
        during.push(await createProduct(PROXY_PORT, name))
      ordersHost = await startHost(ORDERS_PORT, '', on(urls.b, 'orders'), cleanup)
      await untilOrdersHas(PROXY_PORT, during)

      // Each host's tables in its own database only.
      const moduleTables =
        "select table_name from information_schema.tables where table_name in ('catalog_products', 'orders_catalog_products')"
      const tablesOfA = await queryRows(urls.a, moduleTables)
      const tablesOfB = await queryRows(urls.b, moduleTables)
      assert.deepEqual(
        tablesOfA.map((row) => row.table_name),
        ['catalog_products']
      )
      assert.deepEqual(
        tablesOfB.map((row) => row.table_name),
        ['orders_catalog_products']
      )
      const all = [...before, ...during].sort()
      const copies = await queryRows(urls.b, 'select id from orders_catalog_products order by id')
      assert.deepEqual(
        copies.map((row) => row.id),
        all
      )
      // Each event applied by Orders' consumer, on Orders' database: its inbox (keyed by consumer
      // and event, so an event redelivered after the kill is skipped) holds one entry per event.
      assert.lengthOf(await queryRows(urls.b, 'select event_id from pantheon_inbox'), all.length)
      const sent = await queryRows(urls.a, "select id from pantheon_outbox where status = 'sent'")
      assert.lengthOf(sent, all.length)

      // Both modules in one host again, on the same two databases, by configuration alone:
      // Orders keeps its own database (ORDERS_DATABASE_URL), Catalog the default one.
      await Promise.all([catalogHost.stop(), ordersHost.stop(), proxy.stop()])
      proxyStopped = true
      const oneHost = { ...on(urls.a), ORDERS_DATABASE_URL: urls.b }
      await startHost(CATALOG_PORT, '', oneHost, cleanup)
      const together = await createProduct(CATALOG_PORT, 'Lamp 7')
      await untilOrdersHas(CATALOG_PORT, [...all, together])
      const everything = [...all, together].sort()
      const copiesNow = await queryRows(
        urls.b,
        'select id from orders_catalog_products order by id'
      )
      assert.deepEqual(
        copiesNow.map((row) => row.id),
        everything
      )
      assert.lengthOf(
        await queryRows(urls.b, 'select event_id from pantheon_inbox'),
        everything.length
      )
      const tablesOfANow = await queryRows(urls.a, moduleTables)
      assert.deepEqual(
        tablesOfANow.map((row) => row.table_name),
        ['catalog_products']
      )
    })
    .timeout(180_000)

  test('a module moved to a database of its own as docs/deployment.md says: its rows and inbox go with it, and events go on', async ({
    assert,
    cleanup,
  }) => {
    const urls = await twoDatabases('pantheon_move', cleanup)
    const on = brokerSettings('redis', `pantheon-move-${TEST_PORT}`, cleanup)

    // One host serving both modules on database a.
    const migrated = await ace(['migration:run'], on(urls.a))
    assert.equal(migrated.code, 0, migrated.output)
    const monolith = await startHost(CATALOG_PORT, '', on(urls.a), cleanup)
    const before = [
      await createProduct(CATALOG_PORT, 'Desk 1'),
      await createProduct(CATALOG_PORT, 'Desk 2'),
    ]
    await untilOrdersHas(CATALOG_PORT, before)
    await monolith.stop()

    // The move, as docs/deployment.md gives it: the new database migrated for the module, then
    // the module's rows and its consumers' inbox entries copied with PostgreSQL's own tools.
    const target = await ace(['migration:run'], on(urls.b, 'orders'))
    assert.equal(target.code, 0, target.output)
    const moved = { OLD: urls.a, NEW: urls.b }
    await runShell(
      `pg_dump --data-only --table='orders_*' "$OLD" | psql -q -v ON_ERROR_STOP=1 "$NEW"`,
      moved
    )
    await runShell(
      `psql -v ON_ERROR_STOP=1 "$OLD" -c "\\copy (select * from pantheon_inbox where consumer like 'orders.%') to stdout" | psql -v ON_ERROR_STOP=1 "$NEW" -c "\\copy pantheon_inbox from stdin"`,
      moved
    )

    // Then two hosts: Catalog stays on a, Orders serves from b.
    await startHost(CATALOG_PORT, '', on(urls.a, 'catalog'), cleanup)
    await startHost(ORDERS_PORT, '', on(urls.b, 'orders'), cleanup)
    const after = [await createProduct(CATALOG_PORT, 'Desk 3')]
    await untilOrdersHas(ORDERS_PORT, [...before, ...after])
    const copies = await queryRows(urls.b, 'select id from orders_catalog_products order by id')
    assert.deepEqual(
      copies.map((row) => row.id),
      [...before, ...after].sort()
    )
    // The events applied before the move are not applied again: one entry each.
    assert.lengthOf(await queryRows(urls.b, 'select event_id from pantheon_inbox'), 3)
  }).timeout(180_000)
})
