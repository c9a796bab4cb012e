import { test } from '@japa/runner'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createPostgresDatabase } from '#tests/common/postgres_database'
import { startServerProcess } from '#tests/common/server_process'
import { generatedAppCommands, portAbove, runAppTests } from '#tests/common/generated_app_commands'
import { endpointCommandLine } from '#tests/common/crud_scaffolding'
import { copyOfInitializedApp } from '#tests/common/initialized_app'
import { typeChecker } from '#tests/common/type_checker'

/**
 * The new app's ports: 20, 121 and 122 above this suite's own (TEST_PORT, 5100 by default). On
 * PostgreSQL it gets a database of its own on the shared server.
 */
const inApp = generatedAppCommands(20, { scaffoldInProcess: true })
const port = portAbove

test.group('Names that are SQL keywords, end to end', (group) => {
  let workspace: string
  group.each.setup(async () => {
    workspace = await mkdtemp(join(tmpdir(), 'pantheon-names-'))
    return () => rm(workspace, { recursive: true, force: true })
  })

  test('entities Order and Class with properties Group and Default in a module Sales typecheck, migrate and answer over HTTP on SQLite and PostgreSQL', async ({
    assert,
  }) => {
    const node = process.execPath
    const shop = await copyOfInitializedApp(workspace)

    for (const command of [
      ['add-module', 'Sales'],
      [
        'add-entity',
        'Order',
        '--module',
        'Sales',
        '--aggregate',
        '--properties',
        'Group:string,Select:int,Type:text?',
      ],
      ['add-command', 'CreateOrder', '--module', 'Sales', '--result-type', 'OrderId'],
      ['add-query', 'GetOrderById', '--module', 'Sales', '--result-type', 'OrderDto'],
      endpointCommandLine('Sales', [
        'CreateOrder',
        'POST',
        '/',
        '--command',
        'CreateOrder',
        'OrderId',
      ]),
      endpointCommandLine('Sales', [
        'GetOrder',
        'GET',
        '/:id',
        '--query',
        'GetOrderById',
        'OrderDto',
      ]),
      // Words JavaScript reserves, as an entity and as properties.
      [
        'add-entity',
        'Class',
        '--module',
        'Sales',
        '--aggregate',
        '--properties',
        'Default:boolean,Class:string,Delete:int?,OrderFrom3:int?',
      ],
      ['add-command', 'CreateClass', '--module', 'Sales', '--result-type', 'ClassId'],
      ['add-query', 'GetClassById', '--module', 'Sales', '--result-type', 'ClassDto'],
      endpointCommandLine('Sales', [
        'CreateClass',
        'POST',
        '/classes',
        '--command',
        'CreateClass',
        'ClassId',
      ]),
      endpointCommandLine('Sales', [
        'GetClass',
        'GET',
        '/classes/:id',
        '--query',
        'GetClassById',
        'ClassDto',
      ]),
      ['add-migration', 'Init', '--module', 'Sales'],
    ]) {
      await inApp(shop, node, ['ace', ...command])
    }
    await inApp(shop, node, [typeChecker(shop), '--noEmit'])

    const tests = await runAppTests(shop, ['--reporters=dot'], (argv) =>
      inApp(shop, node, argv, { NODE_ENV: 'test' })
    )
    assert.match(tests.stdout, /Tests\s+\d+ passed \(\d+\)/)
    assert.notMatch(tests.stdout, /failed/)

    // The same app on SQLite, then on PostgreSQL; each server creates its tables as it starts.
    for (const database of ['sqlite', 'pg'] as const) {
      const databaseName = `pantheon_ordinary_names_${process.pid}`
      const dropDatabase =
        database === 'pg' ? await createPostgresDatabase(databaseName) : undefined
      const appPort = port(database === 'pg' ? 122 : 121)
      try {
        const server = await startServerProcess(
          {
            NODE_ENV: 'development',
            HTTPS_ENABLED: 'false',
            HOST: '127.0.0.1',
            PORT: appPort,
            DB_CONNECTION: database,
            SQLITE_FILENAME: 'tmp/db.sqlite3',
            DATABASE_URL: `postgres://postgres@127.0.0.1:5432/${databaseName}`,
          },
          // Ready, not only listening: the first request must not wait for the database's first
          // connection, which a busy machine can delay past the pool's acquire limit.
          { appRoot: shop, readyPath: '/health/ready' }
        )
        try {
          const base = `http://127.0.0.1:${appPort}`
          const created = await fetch(`${base}/api/sales/`, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({ group: 'Wholesale', select: 3, type: 'rush' }),
          })
          assert.equal(created.status, 201, `${database}: ${await created.clone().text()}`)
          const location = created.headers.get('location')!
          const id = await created.json()
          assert.equal(location, `/api/sales/${id}`)

          const read = await fetch(`${base}${location}`)
          assert.equal(read.status, 200, database)
          assert.deepEqual(await read.json(), {
            id,
            version: 1,
            group: 'Wholesale',
            select: 3,
            type: 'rush',
          })

          const klass = { default: true, class: 'Economy', delete: null, orderFrom3: 7 }
          const createdClass = await fetch(`${base}/api/sales/classes`, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify(klass),
          })
          assert.equal(
            createdClass.status,
            201,
            `${database}: ${await createdClass.clone().text()}`
          )
          const classId = await createdClass.json()
          const readClass = await fetch(`${base}/api/sales/classes/${classId}`)
          assert.deepEqual(await readClass.json(), { id: classId, version: 1, ...klass })
        } finally {
          await server.stop()
        }
      } finally {
        await dropDatabase?.()
      }
    }
  }).timeout(300_000)
})
