import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import type { PostgreConfig } from '@adonisjs/lucid/types/database'
import { LucidUnitOfWork, PreparedRead } from '@pantheon/kit/persistence'
import { success } from '@pantheon/kit/application'

/*
 * PreparedRead, the kit's read with its SQL built once, on the test database (SQLite, or
 * PostgreSQL with DB_CONNECTION=pg), and on a PostgreSQL connection of one pooled client to see
 * what the server prepared.
 */

const TABLE = 'prepared_read_probe_items'
const FIRST = '0190a5a8-0000-7000-8000-000000000001'
const SECOND = '0190a5a8-0000-7000-8000-000000000002'
const MISSING = '0190a5a8-0000-7000-8000-0000000000ff'

interface ItemRow {
  id: string
  label: string
  rank: number
}

const itemById = new PreparedRead<ItemRow>((query, parameter) =>
  query.from(TABLE).select('id', 'label', 'rank').where('id', parameter(0)).limit(1)
)

/** Two parameters, used out of order, around a value the query fixes (the limit). */
const ranked = new PreparedRead<ItemRow>((query, parameter) =>
  query
    .from(TABLE)
    .select('id', 'label', 'rank')
    .where('rank', '>=', parameter(1))
    .where('label', '<>', parameter(0))
    .orderBy('rank')
    .limit(5)
)

async function createTable(connection?: string) {
  const schema = db.connection(connection).schema
  await schema.dropTableIfExists(TABLE)
  await schema.createTable(TABLE, (table) => {
    table.uuid('id').primary()
    table.string('label').notNullable()
    table.integer('rank').notNullable()
  })
  await db
    .connection(connection)
    .table(TABLE)
    .multiInsert([
      { id: FIRST, label: 'first', rank: 1 },
      { id: SECOND, label: 'second', rank: 2 },
    ])
  return () => db.connection(connection).schema.dropTableIfExists(TABLE)
}

test.group('PreparedRead on the test database', (group) => {
  group.each.setup(() => createTable())
  const unitOfWork = () => new LucidUnitOfWork(db)

  test('reads the row of each value it is given, and null for none', async ({ assert }) => {
    assert.deepEqual(await itemById.first(unitOfWork(), [FIRST]), {
      id: FIRST,
      label: 'first',
      rank: 1,
    })
    const second = await itemById.first(unitOfWork(), [SECOND])
    assert.equal(second?.label, 'second')
    assert.isNull(await itemById.first(unitOfWork(), [MISSING]))
  })

  test('binds each parameter where the query put it, beside the values it fixed', async ({
    assert,
  }) => {
    const rows = await ranked.all(unitOfWork(), ['second', 1])
    assert.deepEqual(
      rows.map((row) => row.id),
      [FIRST]
    )
    const both = await ranked.all(unitOfWork(), ['none', 0])
    assert.deepEqual(
      both.map((row) => row.id),
      [FIRST, SECOND]
    )
  })

  test("inside a unit of work it reads through the transaction, and sees the unit's own writes", async ({
    assert,
  }) => {
    const work = unitOfWork()
    const seen = await work.run(async () => {
      await work.client().table(TABLE).insert({ id: MISSING, label: 'uncommitted', rank: 3 })
      return success(await itemById.first(work, [MISSING]))
    })
    assert.deepEqual(seen, success({ id: MISSING, label: 'uncommitted', rank: 3 }))
  })

  test('fails as the database does when the statement cannot run', async ({ assert }) => {
    await db.connection().schema.dropTable(TABLE)
    const gone = new PreparedRead<ItemRow>((query, parameter) =>
      query.from(TABLE).select('id').where('id', parameter(0))
    )
    const error = await gone.first(unitOfWork(), [FIRST]).catch((caught: unknown) => caught)
    assert.instanceOf(error, Error)
    assert.match((error as Error).message, new RegExp(TABLE))
  })
})

test.group('PreparedRead on PostgreSQL', (group) => {
  const CONNECTION = 'prepared_read_probe'
  group.setup(async () => {
    db.manager.add(CONNECTION, {
      ...(db.manager.get('pg')!.config as PostgreConfig),
      pool: { min: 0, max: 1 },
    })
    const dropTable = await createTable(CONNECTION)
    return async () => {
      await dropTable()
      await db.manager.close(CONNECTION, true)
    }
  })

  test('runs as a statement the server prepared once for the connection', async ({ assert }) => {
    const unitOfWork = new LucidUnitOfWork(db, undefined, CONNECTION)
    await itemById.first(unitOfWork, [FIRST])
    await itemById.first(unitOfWork, [SECOND])

    // The pool holds one client, so this read runs in the same session as the two above.
    const prepared = new PreparedRead<{ statement: string }>((query, parameter) =>
      query
        .from('pg_prepared_statements')
        .select('statement')
        .where('statement', 'like', parameter(0))
    )
    const statements = await prepared.all(unitOfWork, [`%${TABLE}%`])
    assert.lengthOf(statements, 1, 'one statement, prepared once and run twice')
    assert.include(statements[0].statement, '$1')
  })

  test('a statement a migration made stale is read again, and its connection replaced', async ({
    assert,
  }) => {
    const unitOfWork = new LucidUnitOfWork(db, undefined, CONNECTION)
    const backend = async () => {
      const result = await db.connection(CONNECTION).rawQuery('select pg_backend_pid() as pid')
      return (result as { rows: Array<{ pid: number }> }).rows[0].pid
    }
    await itemById.first(unitOfWork, [FIRST])
    const before = await backend()
    // Another type for a column the statement reads: PostgreSQL refuses the prepared one.
    await db.connection(CONNECTION).schema.alterTable(TABLE, (table) => {
      table.text('label').notNullable().alter()
    })

    const item = await itemById.first(unitOfWork, [FIRST])

    assert.equal(item?.label, 'first')
    assert.notEqual(await backend(), before, 'the connection with the stale statement is gone')
    const again = await itemById.first(unitOfWork, [SECOND])
    assert.equal(again?.label, 'second')
  })
})
