// Written by hand: the Price value object.
import { test } from '@japa/runner'
import { MAX_PRICE, Price } from '../../domain/price.js'

test.group('Price', () => {
  test('keeps {$self} exact')
    .with([0, 0.1, 0.3, 12.5, 19.99, 1234567.89, MAX_PRICE])
    .run(({ assert }, amount) => {
      assert.strictEqual(Price.fromAmount(amount).amount, amount)
    })

  test('reads a numeric string as PostgreSQL returns it, and a float as SQLite does', ({
    assert,
  }) => {
    assert.strictEqual(Price.fromStored('19.99').amount, 19.99)
    assert.strictEqual(Price.fromStored('20.00').amount, 20)
    assert.strictEqual(Price.fromStored(19.99).amount, 19.99)
  })

  test('rejects {$self}')
    .with([-0.01, 1.999, MAX_PRICE + 1, Number.NaN, Number.POSITIVE_INFINITY])
    .run(({ assert }, amount) => {
      assert.throws(() => Price.fromAmount(amount), /A price is between 0 and/)
    })
})
