import { test } from '@japa/runner'
import { Product, type NewProduct } from '../../domain/product.js'
import { ProductCreated } from '../../domain/product_created.js'
import { ProductDeleted } from '../../domain/product_deleted.js'
import { ProductId } from '../../domain/product_id.js'
import { ProductUpdated } from '../../domain/product_updated.js'

const valid: NewProduct = {
  name: 'Sample text',
  price: 9.99,
  category: 'Sample text',
  createdAt: new Date('2026-01-15T10:30:00.000Z'),
}

test.group('Product', () => {
  test('is created with a new id and the given properties', ({ assert }) => {
    const product = Product.create(valid)

    assert.isTrue(ProductId.isValid(product.id))
    const snapshot = { ...product.toSnapshot(), id: undefined }
    assert.deepEqual(snapshot, { ...valid, id: undefined, version: 1 })
  })

  test('raises ProductCreated once, carrying what it was created with', ({ assert }) => {
    const product = Product.create(valid)
    const events = product.pullDomainEvents()
    assert.lengthOf(events, 1)
    assert.instanceOf(events[0], ProductCreated)
    assert.deepEqual((events[0] as ProductCreated).product, product.toSnapshot())
    assert.lengthOf(product.pullDomainEvents(), 0)
  })

  test('withChanges changes what it is given and keeps every property left out', ({ assert }) => {
    const product = Product.create(valid)
    product.pullDomainEvents()
    assert.deepEqual(product.withChanges({}).toSnapshot(), product.toSnapshot())
    const updated = product.withChanges({ name: 'X' })
    assert.deepEqual(updated.toSnapshot(), { ...product.toSnapshot(), name: 'X' })
    const events = updated.pullDomainEvents()
    assert.lengthOf(events, 1)
    assert.instanceOf(events[0], ProductUpdated)
    assert.deepEqual((events[0] as ProductUpdated).product, { ...updated.toSnapshot(), version: 2 })
  })

  test('raises ProductDeleted with what it was, at the version after it', ({ assert }) => {
    const product = Product.create(valid)
    product.pullDomainEvents()
    product.markDeleted()
    const events = product.pullDomainEvents()
    assert.lengthOf(events, 1)
    assert.instanceOf(events[0], ProductDeleted)
    assert.deepEqual((events[0] as ProductDeleted).product, { ...product.toSnapshot(), version: 2 })
  })

  test('refuses a missing name', ({ assert }) => {
    const input = { ...valid, name: undefined } as unknown as Parameters<typeof Product.create>[0]
    assert.throws(() => Product.create(input), 'Product name is required')
  })
})
