// Edited after generation: its handler is written.
import { test } from '@japa/runner'

test.group('GetProductById endpoint', () => {
  test('answers 404 when the id is not a UUID', async ({ client }) => {
    const response = await client.get('/api/v2/catalog/not-a-uuid')
    response.assertStatus(404)
  })

  test('answers 200 with the product, its links and its version as ETag', async ({ client }) => {
    const created = await client
      .post('/api/v2/catalog/')
      .json({ name: 'Desk', price: 120, category: 'Furniture' })
    created.assertStatus(201)
    const id = created.body()
    const response = await client.get(`/api/v2/catalog/${id}`)
    response.assertStatus(200)
    response.assertHeader('etag', '"1"')
    response.assertBodyContains({
      id,
      name: 'Desk',
      price: 120,
      category: 'Furniture',
      links: { self: `/api/v2/catalog/${id}`, delete: `/api/v2/catalog/${id}` },
    })
  })

  test('answers 404 Product.NotFound for an id nothing is stored under', async ({
    client,
    assert,
  }) => {
    const response = await client.get('/api/v2/catalog/0190a5a8-0000-7000-8000-000000000001')
    response.assertStatus(404)
    response.assertHeader('content-type', 'application/problem+json; charset=utf-8')
    assert.equal(response.body().code, 'Product.NotFound')
  })
})
