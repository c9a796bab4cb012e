import { test } from '@japa/runner'
import { isDeepStrictEqual } from 'node:util'
import { createPostgresDatabase } from '#tests/common/postgres_database'
import { startServerProcess } from '#tests/common/server_process'
import { runAppTests, runOrFail } from '#tests/common/generated_app_commands'
import { scaffoldInProcess, scaffoldingApp, type ScaffoldingApp } from '#tests/common/scaffolding'
import { testPort } from '#tests/common/test_ports'
import { typeChecker } from '#tests/common/type_checker'
import { lintApp } from '#tests/common/app_lint'

/*
 * A real domain from `init` to live HTTP calls, with no file edited by hand, as
 * docs/scaffolding.md walks it, in an app made by `init` whose packages are this repository's
 * (linked, as every scaffolding spec's; installing them is what the end-to-end suite proves): Sales with a Customer (a unique email) and an Order (a unique
 * number, a reference to its customer, lines as parts), their whole CRUD from add-crud, and
 * Billing keeping a copy of each customer from its Created, Updated and Deleted events.
 */
const WALK = [
  ['add-module', 'Sales'],
  ['add-module', 'Billing'],
  [
    'add-entity',
    'Customer',
    '--module',
    'Sales',
    '--aggregate',
    '--properties',
    'Email:string(120):unique,Name:string',
  ],
  [
    'add-entity',
    'Order',
    '--module',
    'Sales',
    '--aggregate',
    '--properties',
    'Number:string(20):unique,PlacedAt:datetime,Customer:references(Customer),Note:text?',
  ],
  [
    'add-entity',
    'OrderLine',
    '--module',
    'Sales',
    '--part-of',
    'Order',
    '--properties',
    'Sku:string(40),Quantity:int,UnitPrice:decimal(10,2)',
  ],
  ['add-crud', 'Customer', '--module', 'Sales'],
  ['add-crud', 'Order', '--module', 'Sales'],
  ...['Created', 'Updated', 'Deleted'].flatMap((change) => [
    ['add-event', `Customer${change}`, '--module', 'Sales', '--from', `Customer${change}`],
    ['add-consumer', `Customer${change}`, '--module', 'Billing', '--from', 'Sales', '--read-model'],
  ]),
  ['add-migration', 'Init', '--module', 'Sales'],
  ['add-migration', 'Init', '--module', 'Billing'],
]

/** The app's tests on PostgreSQL take a database of their own: they migrate and roll back. */
const PG_DATABASE = `pantheon_domain_${process.pid}`

const DATABASES = {
  sqlite: { DB_CONNECTION: 'sqlite', SQLITE_FILENAME: 'tmp/test.sqlite3' },
  pg: {
    DB_CONNECTION: 'pg',
    DATABASE_URL: `postgres://postgres@127.0.0.1:5432/${PG_DATABASE}`,
  },
}

async function inApp(cwd: string, args: string[], env: Record<string, string>) {
  const { stdout } = await runOrFail(process.execPath, args, {
    cwd,
    env: { ...process.env, ...env },
    timeout: 240_000,
  })
  return stdout
}

/** One call of the API: its status, headers and JSON body (undefined when it has none). */
async function call(base: string, method: string, path: string, options: RequestInit = {}) {
  const response = await fetch(`${base}${path}`, {
    method,
    ...options,
    headers: { 'content-type': 'application/json', ...options.headers },
  })
  const text = await response.text()
  return {
    status: response.status,
    headers: response.headers,
    body: text === '' ? undefined : (JSON.parse(text) as Record<string, any>),
  }
}

/** Polls Billing's copy of a customer until it answers as `expected` (404 once deleted). */
async function copyBecomes(base: string, id: string, expected: Record<string, unknown> | 404) {
  const deadline = Date.now() + 15_000
  let last = ''
  while (Date.now() < deadline) {
    const { status, body } = await call(base, 'GET', `/api/billing/sales-customers/${id}`)
    last = `${status} ${JSON.stringify(body)}`
    if (expected === 404 ? status === 404 : status === 200 && isDeepStrictEqual(body, expected)) {
      return
    }
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
  throw new Error(`Billing's copy of ${id} is not ${JSON.stringify(expected)}: ${last}`)
}

test.group('A real domain with no hand edits: references, parts, unique keys, events', (group) => {
  let shop: ScaffoldingApp

  group.tap((t) => t.tags(['@slow', '@any-database']))
  group.setup(async () => {
    const dropDatabase = await createPostgresDatabase(PG_DATABASE)
    shop = await scaffoldingApp()
    for (const line of WALK) await scaffoldInProcess(shop.root, line)
    return async () => {
      await shop.remove()
      await dropDatabase()
    }
  })

  test('its modules typecheck, lint clean and pass their own tests on SQLite and PostgreSQL', async ({
    assert,
  }) => {
    const root = shop.root
    await inApp(root, [typeChecker(root), '--noEmit'], {})
    await lintApp(root, ['modules'])
    for (const database of ['sqlite', 'pg'] as const) {
      for (const module of ['sales', 'billing']) {
        const env = { ...DATABASES[database], NODE_ENV: 'test', TEST_PORT: String(testPort(280)) }
        // As the app's bin/test.sh runs them (runAppTests), its index written in this process.
        const output = await runAppTests(root, ['--module', module, '--reporters=dot'], (argv) =>
          argv[0] === 'ace'
            ? scaffoldInProcess(root, argv.slice(1)).then((done) => done!.stdout)
            : inApp(root, argv, env)
        )
        assert.match(output, /Tests\s+\d+ passed/, `${module} on ${database}`)
        assert.notMatch(output, /failed/, `${module} on ${database}`)
      }
    }
  }).timeout(240_000)

  test('over HTTP: an order with lines, its customer, conflicts, lists and Billing', async ({
    assert,
    cleanup,
  }) => {
    const port = testPort(282)
    const server = await startServerProcess(
      {
        NODE_ENV: 'development',
        DB_CONNECTION: 'sqlite',
        SQLITE_FILENAME: 'tmp/live.sqlite3',
        HTTPS_ENABLED: 'false',
        HOST: '127.0.0.1',
        PORT: String(port),
        MESSAGE_TRANSPORT: 'memory',
      },
      { appRoot: shop.root }
    )
    cleanup(async () => {
      await server.stop()
    })
    const base = `http://127.0.0.1:${port}`
    const sales = '/api/sales'

    const ann = { email: 'ann@example.com', name: 'Ann' }
    const customer = await call(base, 'POST', `${sales}/customers`, { body: JSON.stringify(ann) })
    assert.equal(customer.status, 201, JSON.stringify(customer.body))
    const customerId = customer.body as unknown as string
    await copyBecomes(base, customerId, { id: customerId, version: 1, ...ann })
    const taken = await call(base, 'POST', `${sales}/customers`, { body: JSON.stringify(ann) })
    assert.equal(taken.status, 409)
    assert.equal(taken.body?.code, 'Customer.EmailTaken')

    const order = {
      number: 'SO-1',
      placedAt: '2026-11-28T10:30:00.000Z',
      customerId,
      note: null,
      lines: [
        { sku: 'PEN-1', quantity: 2, unitPrice: 3.5 },
        { sku: 'INK-9', quantity: 1, unitPrice: 12.25 },
      ],
    }
    const created = await call(base, 'POST', `${sales}/orders`, { body: JSON.stringify(order) })
    assert.equal(created.status, 201, JSON.stringify(created.body))
    const orderId = created.body as unknown as string
    const read = await call(base, 'GET', `${sales}/orders/${orderId}`)
    assert.deepEqual(read.body, { id: orderId, version: 1, ...order })
    assert.equal(read.headers.get('etag'), '"1"')

    const nobody = '0190a5a8-0000-7000-8000-0000000000ff'
    const orphan = await call(base, 'POST', `${sales}/orders`, {
      body: JSON.stringify({ ...order, number: 'SO-2', customerId: nobody }),
    })
    assert.equal(orphan.status, 400)
    assert.equal(orphan.body?.errors[0].field, 'customerId')
    const badLine = await call(base, 'POST', `${sales}/orders`, {
      body: JSON.stringify({ ...order, number: 'SO-2', lines: [order.lines[0], { sku: 'X' }] }),
    })
    assert.equal(badLine.status, 400)
    assert.include(
      badLine.body?.errors.map((error: { field: string }) => error.field),
      'lines.1.quantity'
    )

    const stale = await call(base, 'PATCH', `${sales}/orders/${orderId}`, {
      headers: { 'if-match': '"7"' },
      body: JSON.stringify({ note: 'Gift' }),
    })
    assert.equal(stale.status, 412)
    const patched = await call(base, 'PATCH', `${sales}/orders/${orderId}`, {
      headers: { 'if-match': '"1"' },
      body: JSON.stringify({ note: 'Gift' }),
    })
    assert.equal(patched.status, 204, JSON.stringify(patched.body))
    const afterPatch = await call(base, 'GET', `${sales}/orders/${orderId}`)
    assert.deepEqual(afterPatch.body, { id: orderId, version: 2, ...order, note: 'Gift' })

    const second = await call(base, 'POST', `${sales}/orders`, {
      body: JSON.stringify({ ...order, number: 'SO-0', placedAt: '2026-11-27T08:00:00.000Z' }),
    })
    assert.equal(second.status, 201)
    const sorted = await call(
      base,
      'GET',
      `${sales}/orders?customerId=${customerId}&sort=-placedAt`
    )
    assert.deepEqual(
      sorted.body?.items.map((item: { number: string }) => item.number),
      ['SO-1', 'SO-0']
    )
    const filtered = await call(base, 'GET', `${sales}/orders?placedAt[lt]=2026-11-28T00:00:00Z`)
    assert.deepEqual(
      filtered.body?.items.map((item: { number: string }) => item.number),
      ['SO-0']
    )
    for (const query of ['sort=colour', 'page=0', 'perPage=100000', 'colour=red']) {
      const refused = await call(base, 'GET', `${sales}/orders?${query}`)
      assert.equal(refused.status, 400, query)
    }

    const referenced = await call(base, 'DELETE', `${sales}/customers/${customerId}`)
    assert.equal(referenced.status, 409)
    assert.equal(referenced.body?.code, 'Customer.StillReferenced')

    const renamed = { ...ann, name: 'Ann Lee' }
    const updated = await call(base, 'PUT', `${sales}/customers/${customerId}`, {
      body: JSON.stringify(renamed),
    })
    assert.equal(updated.status, 204)
    await copyBecomes(base, customerId, { id: customerId, version: 2, ...renamed })

    for (const id of [orderId, second.body as unknown as string]) {
      const removed = await call(base, 'DELETE', `${sales}/orders/${id}`)
      assert.equal(removed.status, 204)
    }
    // Its lines went with each order; nothing refers to the customer now.
    const removed = await call(base, 'DELETE', `${sales}/customers/${customerId}`)
    assert.equal(removed.status, 204)
    await copyBecomes(base, customerId, 404)
  }).timeout(120_000)
})
