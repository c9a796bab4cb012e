import { test } from '@japa/runner'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { DatabaseSync } from 'node:sqlite'
import { generatedAppCommands } from '#tests/common/generated_app_commands'
import { createPostgresDatabase, queryRows } from '#tests/common/postgres_database'
import { copyOfInitializedApp } from '#tests/common/initialized_app'

/** The new app's test port: 140 above this suite's own (TEST_PORT, 5100 by default). */
const inApp = generatedAppCommands(140, { scaffoldInProcess: true })

const TABLE = 'catalog_items'

interface Column {
  name: string
  nullable: boolean
}

/** Runs SQL on the generated app's database: its SQLite file or its PostgreSQL database. */
function database(appRoot: string, env: Record<string, string>) {
  async function query(sql: string): Promise<Record<string, unknown>[]> {
    if (env.DB_CONNECTION === 'sqlite') {
      const sqlite = new DatabaseSync(join(appRoot, env.SQLITE_FILENAME))
      try {
        const statement = sqlite.prepare(sql)
        if (/^\s*(insert|update|delete)/i.test(sql)) {
          statement.run()
          return []
        }
        return statement.all() as Record<string, unknown>[]
      } finally {
        sqlite.close()
      }
    }
    return queryRows(env.DATABASE_URL, sql)
  }
  return {
    query,
    async columns(): Promise<Column[]> {
      if (env.DB_CONNECTION === 'sqlite') {
        const rows = await query(`PRAGMA table_info(${TABLE})`)
        return rows.map((row) => ({ name: String(row.name), nullable: Number(row.notnull) === 0 }))
      }
      const rows = await query(
        `SELECT column_name, is_nullable FROM information_schema.columns WHERE table_name = '${TABLE}' ORDER BY ordinal_position`
      )
      return rows.map((row) => ({
        name: String(row.column_name),
        nullable: row.is_nullable === 'YES',
      }))
    },
    /** Whether the database takes a row with these column values (a refusal is a constraint). */
    async accepts(values: Record<string, string | null>): Promise<boolean> {
      const names = Object.keys(values).join(', ')
      const literals = Object.values(values)
        .map((value) => (value === null ? 'NULL' : `'${value}'`))
        .join(', ')
      try {
        await query(
          `INSERT INTO ${TABLE} (id, ${names}) VALUES ('99999999-9999-4999-8999-999999999999', ${literals})`
        )
      } catch {
        return false
      }
      await query(`DELETE FROM ${TABLE} WHERE id = '99999999-9999-4999-8999-999999999999'`)
      return true
    },
  }
}

/** The environment of a generated app on `label`'s database; PostgreSQL gets a database of its own. */
async function databaseEnv(
  label: string,
  cleanup: (fn: () => Promise<void>) => void
): Promise<Record<string, string>> {
  const dbName = `pantheon_migration_rows_${process.pid}`
  if (label === 'SQLite') return { DB_CONNECTION: 'sqlite', SQLITE_FILENAME: 'tmp/db.sqlite3' }
  cleanup(await createPostgresDatabase(dbName))
  return { DB_CONNECTION: 'pg', DATABASE_URL: `postgres://postgres@127.0.0.1:5432/${dbName}` }
}

test.group('add-migration on a table with rows, end to end', (group) => {
  let workspace: string
  group.each.setup(async () => {
    workspace = await mkdtemp(join(tmpdir(), 'pantheon-migration-rows-'))
    return () => rm(workspace, { recursive: true, force: true })
  })

  /** A new app with a Catalog module, installed, whose ace commands run on `env`'s database. */
  async function catalogApp(env: Record<string, string>) {
    const node = process.execPath
    const shop = await copyOfInitializedApp(workspace)
    const ace = (...args: string[]) => inApp(shop, node, ['ace', ...args], env)
    await ace('add-module', 'Catalog')
    return { shop, ace }
  }

  test(
    'adds required columns with a default for the rows present, drops one, and rolls back, on {label}'
  )
    .with([{ label: 'SQLite' }, { label: 'PostgreSQL' }])
    .run(async ({ assert, cleanup }, { label }) => {
      const env = await databaseEnv(label, cleanup)
      const { shop, ace } = await catalogApp(env)
      await ace(
        'add-entity',
        'Item',
        '--module',
        'Catalog',
        '--properties',
        'Name:string,Legacy:string?,Code:string?'
      )
      await ace('add-migration', 'Init', '--module', 'Catalog')
      await ace('migration:run')
      const db = database(shop, env)
      await db.query(
        `INSERT INTO ${TABLE} (id, name, legacy, code) VALUES ` +
          `('11111111-1111-4111-8111-111111111111', 'Tea', 'old', 'T1'), ` +
          `('22222222-2222-4222-8222-222222222222', 'Coffee', NULL, NULL)`
      )

      await ace(
        'add-entity',
        'Item',
        '--module',
        'Catalog',
        '--properties',
        'Name:text,Code:string,Quantity:int,Active:boolean,Released:date,Tags:json,Note:text?',
        '--force'
      )
      const { stdout } = await ace('add-migration', 'AddQuantity', '--module', 'Catalog')
      assert.include(stdout, 'catalog_items.name changes from string to text')
      assert.include(stdout, 'catalog_items.quantity is required: existing rows get 0')
      assert.include(stdout, `catalog_items.released is required: existing rows get '1970-01-01'`)
      assert.include(
        stdout,
        `catalog_items.code is required: existing rows that hold no value get ''`
      )
      await ace('migration:run')

      const columns = await db.columns()
      const nullable = Object.fromEntries(columns.map((column) => [column.name, column.nullable]))
      delete nullable.id
      assert.deepEqual(nullable, {
        version: false,
        name: false,
        code: false,
        quantity: false,
        active: false,
        released: false,
        tags: false,
        note: true,
      })
      const rows = await db.query(
        `SELECT quantity, CASE WHEN active THEN 1 ELSE 0 END AS active, ` +
          `CAST(released AS TEXT) AS released, CAST(tags AS TEXT) AS tags, note FROM ${TABLE}`
      )
      assert.deepEqual(
        rows.map((row) => ({ ...row, quantity: Number(row.quantity), active: Number(row.active) })),
        Array(2).fill({ quantity: 0, active: 0, released: '1970-01-01', tags: '{}', note: null })
      )

      const codes = await db.query(`SELECT name, code FROM ${TABLE} ORDER BY code`)
      assert.deepEqual(codes, [
        { name: 'Coffee', code: '' },
        { name: 'Tea', code: 'T1' },
      ])

      await ace('migration:rollback')
      const restored = await db.columns()
      assert.deepEqual(restored.map((column) => column.name).sort(), [
        'code',
        'id',
        'legacy',
        'name',
        'version',
      ])
      assert.isTrue(restored.find((column) => column.name === 'code')!.nullable)
      assert.lengthOf(await db.query(`SELECT id FROM ${TABLE}`), 2)
    })
    .timeout(300_000)

  test('retypes enum columns (new values, into and out of an enum, made required) on {label}')
    .with([{ label: 'SQLite' }, { label: 'PostgreSQL' }])
    .run(async ({ assert, cleanup }, { label }) => {
      const env = await databaseEnv(label, cleanup)
      const { shop, ace } = await catalogApp(env)
      const entity = (properties: string, ...flags: string[]) =>
        ace('add-entity', 'Item', '--module', 'Catalog', '--properties', properties, ...flags)
      await entity('Status:enum(draft,live),Kind:enum(a,b)?,Stage:string,Tier:enum(gold,silver)')
      await ace('add-migration', 'Init', '--module', 'Catalog')
      await ace('migration:run')
      const db = database(shop, env)
      await db.query(
        `INSERT INTO ${TABLE} (id, status, kind, stage, tier) VALUES ` +
          `('11111111-1111-4111-8111-111111111111', 'live', 'b', 's1', 'gold'), ` +
          `('22222222-2222-4222-8222-222222222222', 'draft', NULL, 's2', 'silver')`
      )

      await entity(
        'Status:enum(draft,live,archived),Kind:enum(a,b),Stage:enum(s1,s2,s3),Tier:text',
        '--force'
      )
      const { stdout } = await ace('add-migration', 'Retype', '--module', 'Catalog')
      assert.include(
        stdout,
        'catalog_items.status changes from enum(draft,live) to enum(draft,live,archived)'
      )
      await ace('migration:run')

      const rows = await db.query(`SELECT status, kind, stage, tier FROM ${TABLE} ORDER BY stage`)
      assert.deepEqual(rows, [
        { status: 'live', kind: 'b', stage: 's1', tier: 'gold' },
        { status: 'draft', kind: 'a', stage: 's2', tier: 'silver' },
      ])
      const row = { status: 'archived', kind: 'a', stage: 's3', tier: 'platinum' }
      assert.isTrue(await db.accepts(row), 'the new values are taken')
      assert.isFalse(await db.accepts({ ...row, status: 'deleted' }), 'status keeps a CHECK')
      assert.isFalse(await db.accepts({ ...row, stage: 's4' }), 'stage gets a CHECK')
      assert.isFalse(await db.accepts({ ...row, kind: null }), 'kind is required')
      const columns = await db.columns()
      const nullable = Object.fromEntries(columns.map((column) => [column.name, column.nullable]))
      assert.deepInclude(nullable, { status: false, kind: false, stage: false, tier: false })

      await ace('migration:rollback')
      const restored = await db.query(
        `SELECT status, kind, stage, tier FROM ${TABLE} ORDER BY stage`
      )
      assert.deepEqual(restored, [
        { status: 'live', kind: 'b', stage: 's1', tier: 'gold' },
        { status: 'draft', kind: 'a', stage: 's2', tier: 'silver' },
      ])
      const before = { status: 'draft', kind: null, stage: 's9', tier: 'gold' }
      assert.isTrue(await db.accepts(before), 'the old definition is back')
      assert.isFalse(
        await db.accepts({ ...before, status: 'archived' }),
        'status is back to two values'
      )
      assert.isFalse(await db.accepts({ ...before, tier: 'platinum' }), 'tier is an enum again')
    })
    .timeout(300_000)
})
