import app from '@adonisjs/core/services/app'
import type { Database } from '@adonisjs/lucid/database'
import type { QueryClientContract } from '@adonisjs/lucid/types/database'
import { connectionsInUse } from '../building_blocks/infrastructure/persistence/module_connections.js'

/** Which tables refer to which, read from the database: referred table → referring tables. */
type Referrers = Map<string, Set<string>>

async function sqliteReferrers(client: QueryClientContract): Promise<Referrers> {
  const referrers: Referrers = new Map()
  const tables = (await client.rawQuery(
    "select name from sqlite_master where type = 'table' and name not like 'sqlite_%'"
  )) as { name: string }[]
  for (const { name } of tables) {
    const keys = (await client.rawQuery('select "table" from pragma_foreign_key_list(?)', [
      name,
    ])) as { table: string }[]
    for (const key of keys) {
      if (!referrers.has(key.table)) referrers.set(key.table, new Set())
      referrers.get(key.table)!.add(name)
    }
  }
  return referrers
}

async function postgresReferrers(client: QueryClientContract): Promise<Referrers> {
  const referrers: Referrers = new Map()
  const { rows } = (await client.rawQuery(
    `select cl.relname as referring, ref.relname as referred
       from pg_constraint c
       join pg_class cl on cl.oid = c.conrelid
       join pg_class ref on ref.oid = c.confrelid
      where c.contype = 'f' and cl.relnamespace = current_schema()::regnamespace`
  )) as { rows: { referring: string; referred: string }[] }
  for (const row of rows) {
    if (!referrers.has(row.referred)) referrers.set(row.referred, new Set())
    referrers.get(row.referred)!.add(row.referring)
  }
  return referrers
}

/**
 * Deletes every row of the tables and of every table whose foreign keys refer to them, those
 * first, as the database reads its keys: a test that starts from empty tables (an entity with
 * unique keys, or rows an entity of its refers to) needs no list of what refers to them, which
 * grows with entities added after the test was written.
 */
export async function emptyTables(...tables: string[]): Promise<void> {
  const db = (await app.container.make('lucid.db')) as Database
  const connections = connectionsInUse(app)
  if (connections.length === 1) return emptyTablesOn(db.connection(), tables)
  // Modules with databases of their own (module_connections.ts): each table where it is.
  for (const connection of connections) {
    const client = db.connection(connection)
    const here = []
    for (const table of tables) if (await client.schema.hasTable(table)) here.push(table)
    if (here.length > 0) await emptyTablesOn(client, here)
  }
}

async function emptyTablesOn(client: QueryClientContract, tables: string[]): Promise<void> {
  const referrers =
    client.dialect.name === 'postgres'
      ? await postgresReferrers(client)
      : await sqliteReferrers(client)
  const order: string[] = []
  const visit = (table: string, path: Set<string>) => {
    if (order.includes(table) || path.has(table)) return
    path.add(table)
    for (const referring of referrers.get(table) ?? []) visit(referring, path)
    path.delete(table)
    order.push(table)
  }
  for (const table of tables) visit(table, new Set())
  // Referring tables were placed before the tables they refer to.
  for (const table of order) await client.from(table).delete()
}
