// Edited after generation: the query takes the id, and its handler is written.
import { test } from '@japa/runner'
import app from '@adonisjs/core/services/app'
import { Mediator } from '@pantheon/kit/application'
import { GetProductByIdV2Query } from '../../application/queries/get_product_by_id_v2/get_product_by_id_v2_query.js'

test.group('GetProductByIdV2 query', () => {
  test('carries the input it was built from', ({ assert }) => {
    const input = { id: '0190a5a8-0000-7000-8000-000000000001' }
    assert.containsSubset({ ...GetProductByIdV2Query.fromInput(input) }, input)
  })

  test('its handler answers Product.NotFound for an id nothing is stored under, or that is no id', async ({
    assert,
  }) => {
    const mediator = await app.container.make(Mediator)
    for (const id of ['0190a5a8-0000-7000-8000-000000000001', 'not-an-id']) {
      const result = await mediator.query(GetProductByIdV2Query.fromInput({ id }))
      assert.isFalse(result.ok)
      if (!result.ok) assert.equal(result.error.code, 'Product.NotFound')
    }
  })
})
