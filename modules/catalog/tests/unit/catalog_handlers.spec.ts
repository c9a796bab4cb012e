// Written by hand: the handlers of both versions through the real pipeline and database, beside the starter tests.
import { test } from '@japa/runner'
import app from '@adonisjs/core/services/app'
import db from '@adonisjs/lucid/services/db'
import { Mediator } from '@pantheon/kit/application'
import { CreateProductCommand } from '../../application/commands/create_product/create_product_command.js'
import { GetProductByIdQuery } from '../../application/queries/get_product_by_id/get_product_by_id_query.js'
import { GetCatalogSampleQuery } from '../../application/queries/get_catalog_sample/get_catalog_sample_query.js'

/*
 * The handlers as the application runs them: resolved from the container, behind the real
 * pipeline, against the real database of the test run.
 */
async function productRows() {
  const [{ total }] = await db.from('catalog_products').count('* as total')
  return Number(total)
}

test.group('Catalog handlers', (group) => {
  let mediator: Mediator
  group.setup(async () => {
    mediator = await app.container.make(Mediator)
  })

  test('create product saves it and returns its id', async ({ assert }) => {
    const created = await mediator.send(
      new CreateProductCommand({ name: '  Notebook ', price: 3.5 })
    )
    assert.isTrue(created.ok, JSON.stringify(created))
    if (!created.ok) return

    const found = await mediator.query(new GetProductByIdQuery({ id: created.value }))
    assert.deepEqual(found, {
      ok: true,
      value: { id: created.value, name: 'Notebook', price: 3.5, version: 1 },
    })
  })

  test('create product with invalid input fails validation and writes nothing', async ({
    assert,
  }) => {
    const before = await productRows()

    const result = await mediator.send(new CreateProductCommand({ name: '', price: -3 }))

    assert.isFalse(result.ok)
    if (result.ok) return
    assert.equal(result.error.code, 'Validation.Failed')
    assert.deepEqual(
      result.error.fieldErrors.map((e) => e.field),
      ['name', 'price']
    )
    assert.equal(await productRows(), before)
  })

  test('get product by id reports Product.NotFound for an unknown id', async ({ assert }) => {
    const id = '01900000-0000-7000-8000-000000000000'
    const result = await mediator.query(new GetProductByIdQuery({ id }))
    assert.isFalse(result.ok)
    if (result.ok) return
    assert.equal(result.error.kind, 'notFound')
    assert.equal(result.error.code, 'Product.NotFound')
    assert.equal(result.error.message, `Product ${id} was not found`)
  })

  test('the sample query answers without a database', async ({ assert }) => {
    assert.deepEqual(await mediator.query(new GetCatalogSampleQuery()), {
      ok: true,
      value: 'Catalog module is running',
    })
  })
})
