import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import type { ListCriteria } from '@pantheon/kit/domain'
import { type ListedColumn, listPage, toSqlDate, toSqlDateTime } from '@pantheon/kit/persistence'

/** A table of this spec's, with a column of each kind a generated list sorts and filters by. */
const TABLE = 'list_page_probes'

type Field = 'name' | 'price' | 'active' | 'launch' | 'restock'

/** As a generated repository maps them (lucid_repository.stub). */
const COLUMNS: Record<Field, ListedColumn> = {
  name: { column: 'name' },
  price: { column: 'price' },
  active: { column: 'active' },
  launch: { column: 'launch', toSql: (value) => toSqlDate(value as Date) },
  restock: { column: 'restock', toSql: (value, client) => toSqlDateTime(client, value as Date) },
}

const ROWS = [
  { name: 'Tea', price: 3.5, active: true, launch: '2026-01-15', restock: '2026-01-15T10:30:00Z' },
  { name: 'Coffee', price: 9.99, active: false, launch: null, restock: '2026-01-15T10:29:59Z' },
  {
    name: 'Cocoa',
    price: 3.5,
    active: true,
    launch: '2026-01-14',
    restock: '2026-03-01T00:00:00Z',
  },
  {
    name: 'Mate',
    price: null,
    active: false,
    launch: '2026-02-01',
    restock: '2025-12-31T23:00:00Z',
  },
]

function criteria(changes: Partial<ListCriteria<Field>>): ListCriteria<Field> {
  return { page: 1, perPage: 10, filters: [], sort: [], ...changes }
}

async function names(changes: Partial<ListCriteria<Field>>): Promise<string[]> {
  const { rows } = await listPage(db.connection(), TABLE, criteria(changes), COLUMNS)
  return (rows as { name: string }[]).map((row) => row.name)
}

test.group('A list page on the database', (group) => {
  group.setup(async () => {
    const connection = db.connection()
    await connection.schema.dropTableIfExists(TABLE)
    await connection.schema.createTable(TABLE, (table) => {
      table.uuid('id').primary()
      table.string('name').notNullable()
      table.decimal('price', 10, 2).nullable()
      table.boolean('active').notNullable()
      table.date('launch').nullable()
      table.timestamp('restock', { useTz: true }).notNullable()
    })
    for (const [index, row] of ROWS.entries()) {
      await connection.table(TABLE).insert({
        ...row,
        id: `0190a5a8-0000-7000-8000-00000000000${index}`,
        restock: toSqlDateTime(connection, new Date(row.restock)),
      })
    }
    return () => db.connection().schema.dropTableIfExists(TABLE)
  })

  test('sorts by several keys, then by id, with no value last in either direction', async ({
    assert,
  }) => {
    const byPrice = [{ field: 'price' as const, descending: false }]
    assert.deepEqual(await names({ sort: byPrice }), ['Tea', 'Cocoa', 'Coffee', 'Mate'])
    assert.deepEqual(
      await names({
        sort: [
          { field: 'price', descending: true },
          { field: 'name', descending: false },
        ],
      }),
      ['Coffee', 'Cocoa', 'Tea', 'Mate']
    )
    assert.deepEqual(await names({ sort: [{ field: 'launch', descending: false }] }), [
      'Cocoa',
      'Tea',
      'Mate',
      'Coffee',
    ])
  })

  test('filters by equality and ranges on numbers, booleans, dates and instants', async ({
    assert,
  }) => {
    const where = (
      field: Field,
      operator: ListCriteria<Field>['filters'][number]['operator'],
      value: unknown
    ) => names({ filters: [{ field, operator, value }] })
    assert.deepEqual(await where('price', '=', 3.5), ['Tea', 'Cocoa'])
    assert.deepEqual(await where('price', '>', 3.5), ['Coffee'])
    assert.deepEqual(await where('active', '=', false), ['Coffee', 'Mate'])
    assert.deepEqual(await where('launch', '>=', new Date('2026-01-15T00:00:00Z')), ['Tea', 'Mate'])
    assert.deepEqual(await where('launch', '<', new Date('2026-01-15T00:00:00Z')), ['Cocoa'])
    assert.deepEqual(await where('restock', '<', new Date('2026-01-15T10:30:00Z')), [
      'Coffee',
      'Mate',
    ])
    assert.deepEqual(await where('restock', '=', new Date('2026-01-15T10:30:00Z')), ['Tea'])
  })

  test('pages what passes the filters, and counts it', async ({ assert }) => {
    const { rows, total } = await listPage(
      db.connection(),
      TABLE,
      criteria({
        page: 2,
        perPage: 1,
        filters: [{ field: 'active', operator: '=', value: true }],
        sort: [{ field: 'name', descending: false }],
      }),
      COLUMNS
    )
    assert.equal(total, 2)
    assert.deepEqual(
      (rows as { name: string }[]).map((row) => row.name),
      ['Tea']
    )
  })
})
