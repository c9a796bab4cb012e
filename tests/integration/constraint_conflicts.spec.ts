import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import testUtils from '@adonisjs/core/services/test_utils'
import HttpExceptionHandler from '#exceptions/handler'
import { uniqueKeyTaken } from '@pantheon/kit/persistence'
import { outsideTheDocuments } from '#tests/common/contract/contract_plugin'

const PROBLEM_JSON = 'application/problem+json; charset=utf-8'
/** A unique index written by hand, over the names of this spec's products only. */
const NAME_INDEX = 'catalog_products_probe_name_unique'
const PROBE_NAME = 'Unique probe'
/** A table of this spec's that refers to Catalog's products. */
const REFERRING = 'conflict_probe_references'
/** A table of this spec's with an optional unique key, made as add-migration writes one. */
const KEYED = 'conflict_probe_keys'

async function createProduct(name: string): Promise<{ status: number; body: unknown }> {
  const response = await fetch(`http://${process.env.HOST}:${process.env.PORT}/api/catalog`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ name, price: 1 }),
  })
  return { status: response.status, body: await response.json() }
}

async function thrownBy(write: () => Promise<unknown>): Promise<unknown> {
  try {
    await write()
  } catch (error) {
    return error
  }
  throw new Error('the write was not refused')
}

test.group('Constraint violations during a request', (group) => {
  group.setup(async () => {
    const schema = db.connection().schema
    await db.from('catalog_products').where('name', 'like', `${PROBE_NAME}%`).delete()
    // Partial: the table may hold the products of other specs, names repeated.
    await db.rawQuery(
      `CREATE UNIQUE INDEX ${NAME_INDEX} ON catalog_products (name) WHERE name LIKE '${PROBE_NAME}%'`
    )
    await schema.dropTableIfExists(REFERRING)
    await schema.createTable(REFERRING, (table) => {
      table.increments('id')
      table.uuid('product_id').notNullable().references('id').inTable('catalog_products')
    })
    return async () => {
      await db.connection().schema.dropTableIfExists(REFERRING)
      await db.rawQuery(`DROP INDEX ${NAME_INDEX}`)
      await db.from('catalog_products').where('name', 'like', `${PROBE_NAME}%`).delete()
    }
  })
  // The documents know nothing of an index or a table added by hand at run time.
  group.each.setup(() => outsideTheDocuments('a unique index and a foreign key added by the test'))

  test('a value a hand-written unique index holds already answers 409 Conflict, not 500', async ({
    assert,
  }) => {
    const first = await createProduct(`${PROBE_NAME} lamp`)
    assert.equal(first.status, 201)

    const again = await createProduct(`${PROBE_NAME} lamp`)

    assert.equal(again.status, 409)
    assert.containsSubset(again.body, {
      status: 409,
      title: 'Conflict',
      code: 'Database.UniqueViolation',
    })
    assert.notInclude(JSON.stringify(again.body), 'catalog_products')
    const rows = await db.from('catalog_products').where('name', `${PROBE_NAME} lamp`)
    assert.lengthOf(rows, 1)
  })

  test('deleting a row another table refers to answers 409 <Entity>.StillReferenced, and it stays', async ({
    assert,
    client,
  }) => {
    const created = await createProduct(`${PROBE_NAME} chair`)
    const id = created.body as string
    await db.table(REFERRING).insert({ product_id: id })

    const response = await client.delete(`/api/v2/catalog/${id}`)

    response.assertStatus(409)
    response.assertHeader('content-type', PROBLEM_JSON)
    // The repository's removal (removeVersioned) names the entity; nothing of the table is sent.
    assert.containsSubset(response.body(), {
      code: 'Product.StillReferenced',
      detail: 'This Product is referred to by stored records: remove or change those first',
    })
    assert.notInclude(JSON.stringify(response.body()), REFERRING)
    assert.lengthOf(await db.from('catalog_products').where('id', id), 1)
  })
})

test.group('Recognising a unique key the database refused', (group) => {
  group.setup(async () => {
    await db.connection().schema.dropTableIfExists(KEYED)
    await db.connection().schema.createTable(KEYED, (table) => {
      table.increments('id')
      table.string('ref', 20).nullable()
      table.unique(['ref'], { indexName: `${KEYED}_ref_unique` })
    })
    return () => db.connection().schema.dropTableIfExists(KEYED)
  })
  group.each.setup(async () => {
    await db.from(KEYED).delete()
  })

  const key = {
    index: `${KEYED}_ref_unique`,
    column: 'ref',
    field: 'ref',
    code: 'Probe.RefTaken',
    message: 'Another probe has this ref',
  }

  test('an optional unique key holds several rows without a value, and one of each value', async ({
    assert,
  }) => {
    await db.table(KEYED).multiInsert([{ ref: null }, { ref: null }, { ref: 'A-1' }])

    const error = await thrownBy(() => db.table(KEYED).insert({ ref: 'A-1' }))

    assert.lengthOf(await db.from(KEYED).whereNull('ref'), 2)
    const taken = uniqueKeyTaken(error, KEYED, [key])
    assert.deepInclude(taken, { code: 'Probe.RefTaken', field: 'ref' })
  })

  test('another table, or another key, is not taken for it', async ({ assert }) => {
    await db.table(KEYED).insert({ ref: 'B-1' })
    const error = await thrownBy(() => db.table(KEYED).insert({ ref: 'B-1' }))

    assert.isUndefined(uniqueKeyTaken(error, KEYED, [{ ...key, index: 'other', column: 'code' }]))
    assert.isUndefined(uniqueKeyTaken(error, 'other_table', [{ ...key, index: 'other' }]))
    assert.isUndefined(uniqueKeyTaken(new Error('UNIQUE constraint failed: x.ref'), KEYED, [key]))
  })

  test('a write outside any use case that breaks a key answers 409 through the error handler', async ({
    assert,
  }) => {
    await db.table(KEYED).insert({ ref: 'C-1' })
    const error = await thrownBy(() => db.table(KEYED).insert({ ref: 'C-1' }))
    const ctx = await testUtils.createHttpContext()

    await new HttpExceptionHandler().handle(error, ctx)

    assert.equal(ctx.response.getStatus(), 409)
    assert.include(JSON.parse(String(ctx.response.getBody())), {
      title: 'Conflict',
      code: 'Database.UniqueViolation',
    })
  })
})
