// Edited after generation: version 1.0 answers { id, name, price }, the version only as ETag.
import { test } from '@japa/runner'
import app from '@adonisjs/core/services/app'
import { Product } from '../../domain/product.js'
import { ProductRepository } from '../../domain/product_repository.js'

/** A valid Product, stored through its repository as the handlers store one. */
async function storedProduct() {
  const product = Product.create({
    name: 'Sample text',
    price: 9.99,
    category: 'Sample text',
    createdAt: new Date('2026-01-15T10:30:00.000Z'),
  })
  const repository = await app.container.make(ProductRepository)
  await repository.add(product)
  return { product, repository }
}

/** The same values as JSON, as a client sends them and reads them back. */
const body = {
  name: 'Sample text',
  price: 9.99,
  category: 'Sample text',
  createdAt: '2026-01-15T10:30:00.000Z',
}

test.group('GetProductById endpoint', () => {
  test('answers 200 with the stored Product', async ({ client }) => {
    const { product } = await storedProduct()
    const response = await client.get(`/api/v1/catalog/${product.id}`)
    response.assertStatus(200)
    response.assertBody({ id: product.id, name: body.name, price: body.price })
  })

  test('answers its version as ETag, and 304 with no body to an If-None-Match naming it', async ({
    client,
    assert,
  }) => {
    const { product } = await storedProduct()
    const response = await client.get(`/api/v1/catalog/${product.id}`)
    response.assertHeader('etag', '"1"')
    const unchanged = await client
      .get(`/api/v1/catalog/${product.id}`)
      .header('if-none-match', '"1"')
    unchanged.assertStatus(304)
    assert.equal(unchanged.text(), '')
    const changed = await client.get(`/api/v1/catalog/${product.id}`).header('if-none-match', '"7"')
    changed.assertStatus(200)
  })

  test('answers 404 for an id nothing is stored under', async ({ client }) => {
    const response = await client.get('/api/v1/catalog/0190a5a8-0000-7000-8000-000000000001')
    response.assertStatus(404)
  })

  test('answers 404 when the id is not a UUID', async ({ client }) => {
    const response = await client.get('/api/v1/catalog/not-a-uuid')
    response.assertStatus(404)
  })
})
