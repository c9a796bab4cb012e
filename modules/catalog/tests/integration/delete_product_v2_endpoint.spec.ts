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

test.group('DeleteProduct endpoint', () => {
  test('answers 204 and removes it', async ({ client, assert }) => {
    const { product, repository } = await storedProduct()
    const response = await client.delete(`/api/v2/catalog/${product.id}`)
    response.assertStatus(204)
    assert.isNull(await repository.findById(product.id))
  })

  test('answers 404 for an id nothing is stored under', async ({ client }) => {
    const response = await client.delete('/api/v2/catalog/0190a5a8-0000-7000-8000-000000000001')
    response.assertStatus(404)
  })

  test('answers 412 and keeps it when If-Match names a version that is not the stored one', async ({
    client,
    assert,
  }) => {
    const { product, repository } = await storedProduct()
    const url = `/api/v2/catalog/${product.id}`
    const stale = await client.delete(url).header('if-match', '"2"')
    stale.assertStatus(412)
    assert.equal(stale.body().code, 'Product.VersionMismatch')
    assert.isNotNull(await repository.findById(product.id))
    const current = await client.delete(url).header('if-match', '"1"')
    current.assertStatus(204)
    assert.isNull(await repository.findById(product.id))
  })

  test('answers 404 when the id is not a UUID', async ({ client }) => {
    const response = await client.delete('/api/v2/catalog/not-a-uuid')
    response.assertStatus(404)
  })
})
