import { test } from '@japa/runner'
import { Price } from '../../domain/price.js'
import { Product } from '../../domain/product.js'
import { ProductCreated } from '../../domain/product_created.js'
import { ProductId } from '../../domain/product_id.js'

test.group('Product', () => {
  test('is created with a new id, a trimmed name and its price', ({ assert }) => {
    const product = Product.create({ name: '  Desk lamp ', price: Price.fromAmount(49.9) })

    assert.isTrue(ProductId.isValid(product.id))
    assert.equal(product.name, 'Desk lamp')
    assert.equal(product.price.amount, 49.9)
  })

  test('raises ProductCreated once', ({ assert }) => {
    const product = Product.create({ name: 'Desk lamp', price: Price.fromAmount(49.9) })

    const events = product.pullDomainEvents()

    assert.lengthOf(events, 1)
    assert.instanceOf(events[0], ProductCreated)
    assert.equal((events[0] as ProductCreated).productId, product.id)
    assert.lengthOf(product.pullDomainEvents(), 0)
  })

  test('keeps a trimmed category, or none', ({ assert }) => {
    const price = Price.fromAmount(1)
    assert.equal(Product.create({ name: 'Pen', price, category: ' Office ' }).category, 'Office')
    assert.isNull(Product.create({ name: 'Pen', price }).category)
    assert.throws(
      () => Product.create({ name: 'Pen', price, category: 'c'.repeat(101) }),
      /1 to 100 characters/
    )
  })

  test('refuses a name that is blank or too long', ({ assert }) => {
    const price = Price.fromAmount(1)
    assert.throws(() => Product.create({ name: '   ', price }), /1 to 200 characters/)
    assert.throws(() => Product.create({ name: 'x'.repeat(201), price }), /1 to 200 characters/)
    assert.throws(() => Product.create({ name: '😀'.repeat(201), price }), /1 to 200 characters/)
  })

  test('counts characters, not UTF-16 code units: 200 emoji are a valid name', ({ assert }) => {
    const product = Product.create({ name: '😀'.repeat(200), price: Price.fromAmount(1) })
    assert.equal(product.name, '😀'.repeat(200))
  })
})
