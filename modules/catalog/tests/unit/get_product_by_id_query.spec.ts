import { test } from '@japa/runner'
import { GetProductByIdQuery } from '../../application/queries/get_product_by_id/get_product_by_id_query.js'

test.group('GetProductById query', () => {
  test('carries the input it was built from', ({ assert }) => {
    const input = { id: '0190a5a8-0000-7000-8000-000000000001' }
    assert.containsSubset({ ...GetProductByIdQuery.fromInput(input) }, input)
  })
})
