import { test } from '@japa/runner'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { DatabaseSync } from 'node:sqlite'
import pg from 'pg'
import { startServerProcess } from '#tests/common/server_process'
import { crudCommandLines } from '#tests/common/crud_scaffolding'
import { createPostgresDatabase } from '#tests/common/postgres_database'
import { scaffoldInProcess } from '#tests/common/scaffolding'
import { runOrFail, runAppTests } from '#tests/common/generated_app_commands'
import { testPort } from '#tests/common/test_ports'
import { copyOfInitializedApp } from '#tests/common/initialized_app'
import { typeChecker } from '#tests/common/type_checker'
import { lintApp } from '#tests/common/app_lint'

/** Ports of the new app's server, apart from this suite's own (TEST_PORT, 5100 by default). */

/**
 * One property of every type, each required and optional, as `add-entity` reads them, and the
 * options: an enum, a string length, a decimal's precision and scale.
 */
const PROPERTIES = [
  'Name:string',
  'Notes:text?',
  'Count:int',
  'Amount:decimal',
  'Rebate:decimal?',
  'Active:boolean',
  'Due:date',
  'Since:date?',
  'At:datetime',
  'Until:datetime?',
  'Meta:json',
  'Extra:json?',
  'Status:enum(draft,live,in-review)',
  'Code:string(8):unique',
  'Rate:decimal(5,2)?',
  'Tiny:decimal(10,10)',
].join(',')

/** The CRUD of the Item entity, as docs/commands.md lists the command lines. */
const SCAFFOLDING = [
  ['add-module', 'Catalog'],
  ['add-entity', 'Item', '--module', 'Catalog', '--properties', PROPERTIES],
  ...crudCommandLines('Catalog', 'Item', 'Items'),
  ['add-migration', 'Init', '--module', 'Catalog'],
]

/** Values at the edges: late in the UTC day, many digits, nested JSON, a JSON string. */
const CREATED = {
  name: 'Tea',
  notes: 'Green, "loose" leaf',
  count: -2147483648,
  amount: 12345678901.2345,
  rebate: 0.0001,
  active: true,
  due: '2026-01-15',
  since: '1999-12-31',
  at: '2026-01-15T23:30:00.000Z',
  until: '2026-06-30T00:15:00.123Z',
  meta: { origin: 'Uji', grades: [1, 2.5, null], nested: { ok: true } },
  extra: 'a JSON string',
  status: 'in-review',
  // Eight characters, four of them outside the Basic Multilingual Plane.
  code: 'AB😀😀😀😀CD',
  rate: 999.99,
  // JavaScript writes it 3.3e-9: its places are counted from the number, not that text.
  tiny: 0.0000000033,
}

const UPDATED = {
  name: 'Coffee',
  notes: null,
  count: 2147483647,
  amount: -99999999999.9999,
  rebate: null,
  active: false,
  due: '2026-12-31',
  since: null,
  at: '2026-03-29T01:30:00.000Z',
  until: null,
  meta: [{ a: 1 }, 'two'],
  extra: null,
  status: 'live',
  code: 'X',
  rate: null,
  tiny: -0.9999999999,
}

/**
 * Runs an ace command of the new app and fails with its output when it fails; scaffolding
 * commands run in this process (scaffoldInProcess).
 */
async function inApp(cwd: string, args: string[], env: Record<string, string>) {
  if (args[0] === 'ace' && (await scaffoldInProcess(cwd, args.slice(1)))) return
  await runOrFail(process.execPath, args, {
    cwd,
    env: { ...process.env, ...env },
    timeout: 120_000,
  })
}

/** How many rows hold SQL NULL in the extra (json) and notes (text) columns. */
async function storedNulls(appRoot: string, dbEnv: Record<string, string>) {
  const sql =
    'SELECT SUM(CASE WHEN extra IS NULL THEN 1 ELSE 0 END) AS extra, ' +
    'SUM(CASE WHEN notes IS NULL THEN 1 ELSE 0 END) AS notes FROM catalog_items'
  if (dbEnv.DB_CONNECTION === 'sqlite') {
    const sqlite = new DatabaseSync(join(appRoot, dbEnv.SQLITE_FILENAME), { readOnly: true })
    const row = sqlite.prepare(sql).get()!
    sqlite.close()
    return { extra: Number(row.extra), notes: Number(row.notes) }
  }
  const client = new pg.Client({ connectionString: dbEnv.DATABASE_URL })
  await client.connect()
  const { rows } = await client.query(sql)
  await client.end()
  return { extra: Number(rows[0].extra), notes: Number(rows[0].notes) }
}

test.group('Generated CRUD values end to end', (group) => {
  let workspace: string
  group.each.setup(async () => {
    workspace = await mkdtemp(join(tmpdir(), 'pantheon-values-'))
    return () => rm(workspace, { recursive: true, force: true })
  })

  test('every property type comes back exactly as sent, on {database} in {timeZone}')
    .with([
      { database: 'SQLite', timeZone: 'America/Los_Angeles', port: testPort(121) },
      { database: 'PostgreSQL', timeZone: 'Asia/Tokyo', port: testPort(122) },
    ])
    .run(async ({ assert, cleanup }, { database, timeZone, port }) => {
      const dbName = `pantheon_values_${process.pid}`
      const dbEnv: Record<string, string> =
        database === 'SQLite'
          ? { DB_CONNECTION: 'sqlite', SQLITE_FILENAME: 'tmp/db.sqlite3' }
          : {
              DB_CONNECTION: 'pg',
              DATABASE_URL: `postgres://postgres@127.0.0.1:5432/${dbName}`,
            }
      if (database === 'PostgreSQL') cleanup(await createPostgresDatabase(dbName))

      const shop = await copyOfInitializedApp(workspace)
      const env = { NODE_ENV: 'development', TZ: timeZone, ...dbEnv }
      for (const command of SCAFFOLDING) await inApp(shop, ['ace', ...command], env)
      await inApp(shop, ['ace', 'migration:run'], env)
      if (database === 'SQLite') {
        // The generated code typechecks, is lint-clean and passes its own tests.
        await inApp(shop, [typeChecker(shop), '--noEmit'], env)
        await lintApp(shop)
        await runAppTests(shop, ['--reporters=dot'], (argv) =>
          inApp(shop, argv, {
            ...env,
            NODE_ENV: 'test',
            SQLITE_FILENAME: 'tmp/test.sqlite3',
            TEST_PORT: String(port + 10),
          })
        )
      }

      const server = await startServerProcess(
        { ...env, HTTPS_ENABLED: 'false', HOST: '127.0.0.1', PORT: String(port) },
        // Ready, not only listening: the first request must not wait for the database's first
        // connection, which a busy machine can delay past the pool's acquire limit (503).
        { appRoot: shop, readyPath: '/health/ready' }
      )
      cleanup(async () => {
        await server.stop()
      })
      const base = `http://127.0.0.1:${port}/api/catalog`
      const send = async (
        method: string,
        path: string,
        body?: unknown,
        headers: Record<string, string> = {}
      ) => {
        const response = await fetch(`${base}${path}`, {
          method,
          headers: { 'content-type': 'application/json', ...headers },
          body: body === undefined ? undefined : JSON.stringify(body),
        })
        const text = await response.text()
        return { status: response.status, body: text === '' ? null : JSON.parse(text) }
      }

      const created = await send('POST', '/', CREATED)
      assert.equal(created.status, 201, JSON.stringify(created.body))
      const id = created.body as string
      // Code is a unique key: a value taken answers 409 naming the field, never 500.
      const taken = await send('POST', '/', { ...CREATED, name: 'Another' })
      assert.equal(taken.status, 409, server.output().slice(-4000))
      assert.containsSubset(taken.body, {
        title: 'Conflict',
        code: 'Item.CodeTaken',
        errors: [{ field: 'code', code: 'Item.CodeTaken' }],
      })
      assert.deepEqual(await send('GET', `/${id}`), {
        status: 200,
        body: { id, version: 1, ...CREATED },
      })

      const updated = await send('PUT', `/${id}`, UPDATED, { 'if-match': '"1"' })
      assert.oneOf(updated.status, [200, 204], server.output().slice(-4000))
      assert.deepEqual(await send('GET', `/${id}`), {
        status: 200,
        body: { id, version: 2, ...UPDATED },
      })
      // A change made from the version before answers 412 and changes nothing.
      const stale = await send('PUT', `/${id}`, CREATED, { 'if-match': '"1"' })
      assert.equal(stale.status, 412, JSON.stringify(stale.body))
      assert.equal(stale.body.code, 'Item.VersionMismatch')

      // An empty optional JSON is SQL NULL, not the text 'null'.
      assert.deepEqual(await storedNulls(shop, dbEnv), { extra: 1, notes: 1 })

      const list = await send('GET', '/')
      assert.equal(list.status, 200)
      assert.deepEqual(list.body.items, [{ id, version: 2, ...UPDATED }])

      // A PATCH changes what it is sent and keeps the rest; null clears an optional property,
      // and a required one sent as null is refused with the item unchanged.
      const patch = { count: 7, since: null, at: '2026-03-01T12:00:00.000Z', meta: [1, { a: 'b' }] }
      const patched = await send('PATCH', `/${id}`, patch)
      assert.equal(patched.status, 204, JSON.stringify(patched.body))
      const afterPatch = { id, ...UPDATED, ...patch, version: 3 }
      assert.deepEqual(await send('GET', `/${id}`), { status: 200, body: afterPatch })
      const refusedPatch = await send('PATCH', `/${id}`, { name: null })
      assert.equal(refusedPatch.status, 400)
      assert.deepEqual(await send('GET', `/${id}`), { status: 200, body: afterPatch })

      // The list filters and sorts on this database: ranges on an int and a datetime, equality.
      const found = await send('GET', '/?count[gte]=7&at[lt]=2026-03-02T00:00:00Z&sort=-at,name')
      assert.deepEqual(found.body.items, [afterPatch])
      const none = await send('GET', `/?count[lt]=7&code=${encodeURIComponent(UPDATED.code)}`)
      assert.deepEqual([none.status, none.body.total], [200, 0])

      const deleted = await send('DELETE', `/${id}`)
      assert.equal(deleted.status, 204)
      const gone = await send('GET', `/${id}`)
      assert.equal(gone.status, 404)

      // An update to a value another row holds answers the same 409.
      const first = await send('POST', '/', { ...CREATED, code: 'A1' })
      const second = await send('POST', '/', { ...CREATED, code: 'B2' })
      const clash = await send('PUT', `/${second.body}`, { ...UPDATED, code: 'A1' })
      assert.deepEqual([first.status, second.status, clash.status], [201, 201, 409])
      assert.equal(clash.body.code, 'Item.CodeTaken')

      // The validator bounds what the columns hold: a clear 400, never a database error.
      for (const invalid of [
        { amount: 1e15 },
        { amount: 1.23456 },
        { count: 2147483648 },
        { due: '2026-02-30' },
        { status: 'gone' },
        { code: 'ABCDEFGHI' },
        { rate: 1000 },
        { rate: 1.234 },
        { tiny: 3.3e-11 },
        { tiny: 1 },
      ]) {
        const refused = await send('POST', '/', { ...CREATED, ...invalid })
        assert.equal(refused.status, 400, `${JSON.stringify(invalid)}: ${JSON.stringify(refused)}`)
      }
    })
    // A ceiling, not a speed check: every program it runs has a limit of its own (runOrFail), and
    // the SQLite case typechecks, lints and tests a whole app on a core CI shares with four lanes.
    .timeout(900_000)
})
