import { test } from '@japa/runner'
import { existsSync } from 'node:fs'
import { DatabaseSync } from 'node:sqlite'
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { isDeepStrictEqual } from 'node:util'
import app from '@adonisjs/core/services/app'
import { removeNamespace } from '#tests/common/broker_namespace'
import { appFiles, installOffline } from '#tests/common/kit_app'
import { startServerProcess } from '#tests/common/server_process'
import { endpointCommandLine } from '#tests/common/crud_scaffolding'
import { runOrFail, runAppTests } from '#tests/common/generated_app_commands'
import { runInProcess, scaffoldInProcess } from '#tests/common/scaffolding'
import { testPort } from '#tests/common/test_ports'
import { typeChecker } from '#tests/common/type_checker'
import { lintApp } from '#tests/common/app_lint'

/** Ports of the new app's servers, apart from this suite's own (TEST_PORT, 5100 by default). */

/**
 * From `init` to a consuming module's read model, with no file edited by hand: Catalog's
 * Product (one property of most types), its create, update and delete endpoints, the
 * integration events published from ProductCreated, ProductUpdated and ProductDeleted, and
 * Orders' read model following all three, as docs/scaffolding.md shows the commands.
 */
const SCAFFOLDING = [
  ['add-module', 'Catalog'],
  ['add-module', 'Orders'],
  [
    'add-entity',
    'Product',
    '--module',
    'Catalog',
    '--aggregate',
    '--properties',
    'Name:string,Price:decimal,Stock:int,Active:boolean,Launch:date?,Restock:datetime?,Tags:json?,Notes:text?',
  ],
  ['add-command', 'CreateProduct', '--module', 'Catalog', '--result-type', 'ProductId'],
  endpointCommandLine('Catalog', [
    'CreateProduct',
    'POST',
    '/',
    '--command',
    'CreateProduct',
    'ProductId',
  ]),
  ...['Update', 'Delete'].flatMap((change) => [
    ['add-command', `${change}Product`, '--module', 'Catalog', '--result-type', 'void'],
    endpointCommandLine('Catalog', [
      `${change}Product`,
      change === 'Update' ? 'PUT' : 'DELETE',
      '/:id',
      '--command',
      `${change}Product`,
      'void',
    ]),
  ]),
  ['add-migration', 'AddProducts', '--module', 'Catalog'],
  ['add-event', 'ProductCreated', '--module', 'Catalog', '--from', 'ProductCreated'],
  ['add-event', 'ProductUpdated', '--module', 'Catalog', '--from', 'ProductUpdated'],
  ['add-event', 'ProductDeleted', '--module', 'Catalog', '--from', 'ProductDeleted'],
  // Version 2 beside it (a migration window): the read model keeps reading version 1, once each.
  [
    'add-event',
    'ProductCreated',
    '--module',
    'Catalog',
    '--version',
    '2',
    '--from',
    'ProductCreated',
  ],
  ['add-consumer', 'ProductCreated', '--module', 'Orders', '--from', 'Catalog', '--read-model'],
  // The same read model follows the product's changes, each applied only when newer.
  ['add-consumer', 'ProductUpdated', '--module', 'Orders', '--from', 'Catalog', '--read-model'],
  ['add-consumer', 'ProductDeleted', '--module', 'Orders', '--from', 'Catalog', '--read-model'],
]

const PRODUCT = {
  name: 'Fountain pen',
  price: 12345.6789,
  stock: 7,
  active: true,
  launch: '2026-01-15',
  restock: '2026-02-01T23:30:00.000Z',
  tags: { colours: ['black', 'blue'], refill: true },
  notes: null,
}

async function inApp(cwd: string, args: string[], env: Record<string, string>) {
  const { stdout } = await runOrFail(process.execPath, args, {
    cwd,
    env: { ...process.env, ...env },
    timeout: 180_000,
  })
  return stdout
}

/**
 * Runs a scaffolding command that must fail in this process (the same command class `node ace`
 * runs, as scaffoldInProcess does): its output, and the app's files unchanged.
 */
async function refusedInApp(root: string, argv: string[]) {
  const before = await appFiles(root)
  const result = await runInProcess(root, argv)
  if (!result) throw new Error(`${argv[0]} is not a scaffolding command`)
  if (result.exitCode === 0) throw new Error(`${argv.join(' ')} succeeded`)
  const after = await appFiles(root)
  return { output: result.output, unchanged: after.join() === before.join() }
}

/**
 * Polls the read model until it answers as `expected` (the relay and consumer run after the
 * commit): 404 for a deleted product, else 200 with the body.
 */
async function readModelBecomes(
  base: string,
  id: string,
  expected: Record<string, unknown> | 404,
  timeoutMs = 15_000
) {
  const deadline = Date.now() + timeoutMs
  let last = ''
  while (Date.now() < deadline) {
    const response = await fetch(`${base}/api/orders/catalog-products/${id}`)
    const text = await response.text()
    last = `${response.status} ${text}`
    if (expected === 404 && response.status === 404) return
    if (
      expected !== 404 &&
      response.status === 200 &&
      isDeepStrictEqual(JSON.parse(text), expected)
    ) {
      return
    }
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
  throw new Error(
    `the read model of ${id} is not ${JSON.stringify(expected)} after ${timeoutMs} ms: ${last}`
  )
}

test.group('Events between modules with no hand edits', (group) => {
  let workspace: string
  let shop: string
  const env = {
    NODE_ENV: 'development',
    TZ: 'America/Los_Angeles',
    DB_CONNECTION: 'sqlite',
    SQLITE_FILENAME: 'tmp/db.sqlite3',
  }

  group.setup(async () => {
    workspace = await mkdtemp(join(tmpdir(), 'pantheon-events-'))
    await inApp(app.makePath(), ['ace', 'init', 'Shop', '--out', workspace], {})
    shop = join(workspace, 'Shop')
    await installOffline(shop)
    // In this process, as `node ace` runs them (init_to_http.spec.ts spawns them): sixteen
    // starts of a process that boots the app were half a minute of processor.
    for (const command of SCAFFOLDING) {
      if (!(await scaffoldInProcess(shop, command))) throw new Error(`${command[0]} did not run`)
    }
    await inApp(shop, ['ace', 'migration:run'], env)
    return () => rm(workspace, { recursive: true, force: true })
  })

  test('the generated app typechecks, lints clean and passes its own tests', async ({ assert }) => {
    await inApp(shop, [typeChecker(shop), '--noEmit'], env)
    await lintApp(shop)
    // Orders keeps its rows in a database of its own (docs/deployment.md): the generated tests
    // migrate it, and read and store Orders' rows there.
    const output = await runAppTests(shop, ['--reporters=dot'], (argv) =>
      inApp(shop, argv, {
        ...env,
        NODE_ENV: 'test',
        SQLITE_FILENAME: 'tmp/test.sqlite3',
        ORDERS_DATABASE_URL: 'sqlite:tmp/orders-test.sqlite3',
        TEST_PORT: String(testPort(140)),
      })
    )
    assert.notMatch(output, /failed/)
    assert.match(output, /Tests\s+\d+ passed/)
    assert.isTrue(existsSync(join(shop, 'tmp/orders-test.sqlite3')), "Orders' own test database")
    // The contract lists the payload's properties for consumers' read models.
    const contract = await readFile(
      join(shop, 'modules/catalog/integration/product_created.ts'),
      'utf8'
    )
    assert.include(
      contract,
      '@pantheonProperties Id:uuid,Version:int,Name:string,Price:decimal,Stock:int,Active:boolean,Launch:date?,Restock:datetime?,Tags:json?,Notes:text?'
    )
  })

  test('Orders follows a product created, updated and deleted in Catalog, over {transport}')
    .with([
      { transport: 'memory', port: testPort(141) },
      { transport: 'redis', port: testPort(142) },
      { transport: 'rabbitmq', port: testPort(143) },
    ])
    .run(async ({ assert, cleanup }, { transport, port }) => {
      const namespace = `pantheon_events_${process.pid}_${transport}`
      if (transport !== 'memory') {
        cleanup(() => removeNamespace(transport as 'redis' | 'rabbitmq', namespace))
      }
      const server = await startServerProcess(
        {
          ...env,
          HTTPS_ENABLED: 'false',
          HOST: '127.0.0.1',
          PORT: String(port),
          MESSAGE_TRANSPORT: transport,
          MESSAGE_NAMESPACE: namespace,
          // In one process, Orders on a database of its own (migrated at start).
          ...(transport === 'memory' && { ORDERS_DATABASE_URL: 'sqlite:tmp/orders.sqlite3' }),
        },
        { appRoot: shop, readyPath: '/health/ready' }
      )
      cleanup(async () => {
        await server.stop()
      })
      const base = `http://127.0.0.1:${port}`

      const created = await fetch(`${base}/api/catalog`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(PRODUCT),
      })
      assert.equal(created.status, 201, await created.clone().text())
      const id = (await created.json()) as string
      await readModelBecomes(base, id, { id, version: 1, ...PRODUCT })

      const changes = { ...PRODUCT, name: 'Ink', notes: 'Refills' }
      const updated = await fetch(`${base}/api/catalog/${id}`, {
        method: 'PUT',
        headers: { 'content-type': 'application/json', 'if-match': '"1"' },
        body: JSON.stringify(changes),
      })
      assert.equal(updated.status, 204, await updated.clone().text())
      await readModelBecomes(base, id, { id, version: 2, ...changes })

      const deleted = await fetch(`${base}/api/catalog/${id}`, { method: 'DELETE' })
      assert.equal(deleted.status, 204, await deleted.clone().text())
      await readModelBecomes(base, id, 404)
      if (transport === 'memory') {
        // Orders applied the three events on its own database: one inbox entry each.
        const orders = new DatabaseSync(join(shop, 'tmp/orders.sqlite3'), { readOnly: true })
        try {
          const inbox = orders.prepare('select event_id from pantheon_inbox').all()
          assert.lengthOf(inbox, 3)
        } finally {
          orders.close()
        }
      }
    })

  test('mismatches are refused with what to do, and nothing is written', async ({ assert }) => {
    const contractWithoutTag = join(shop, 'modules/catalog/integration/order_placed.ts')
    // Generator behaviour: these commands run in this process, as the app's `node ace` would.
    const scaffold = (...argv: string[]) => scaffoldInProcess(shop, argv)
    await scaffold(
      'add-event',
      'OrderPlaced',
      '--module',
      'Catalog',
      '--properties',
      'Id:uuid,Total:decimal'
    )
    const tagged = await readFile(contractWithoutTag, 'utf8')
    await writeFile(contractWithoutTag, tagged.replace(/^.*@pantheonProperties.*\n/m, ''))
    await scaffold('add-event', 'SampleTaken', '--module', 'Catalog', '--properties', 'Note:text')
    await scaffold('add-entity', 'Tag', '--module', 'Catalog', '--properties', 'Label:string')

    const cases = [
      {
        args: [
          'add-event',
          'Launched',
          '--module',
          'Catalog',
          '--from',
          'ProductCreated',
          '--properties',
          'Name:string',
        ],
        says: /--from and --properties cannot be combined/,
      },
      {
        args: ['add-event', 'Launched', '--module', 'Catalog', '--from', 'ProductShipped'],
        says: /no generated domain event ProductShipped[\s\S]*ProductCreated/,
      },
      {
        args: ['add-event', 'Tagged', '--module', 'Catalog', '--from', 'TagCreated'],
        says: /Tag is not an aggregate[\s\S]*--aggregate/,
      },
      {
        args: ['add-event', 'Launched', '--module', 'Catalog', '--properties', 'Id:string'],
        says: /"Id:string" cannot be the event's Id: write Id:uuid/,
      },
      {
        args: ['add-consumer', 'OrderPlaced', '--module', 'Orders', '--read-model'],
        says: /does not list its properties[\s\S]*@pantheonProperties/,
      },
      {
        args: ['add-consumer', 'SampleTaken', '--module', 'Orders', '--read-model'],
        says: /SampleTaken carries no Id[\s\S]*Id:uuid/,
      },
      {
        args: ['add-consumer', 'ProductCreated', '--module', 'Orders', '--read-model'],
        says: /already consumes ProductCreated/,
      },
    ]
    for (const { args, says } of cases) {
      const { output, unchanged } = await refusedInApp(shop, args)
      assert.match(output, says, args.join(' '))
      assert.isTrue(unchanged, `${args.join(' ')} changed files`)
    }
  })
})
