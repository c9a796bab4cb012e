// Edited after generation: version 1.0 takes a name and a price only.
import { test } from '@japa/runner'
import validator from '../../application/commands/create_product/create_product_validator.js'

const valid = {
  name: 'Sample text',
  price: 9.99,
}

test.group('CreateProduct command', () => {
  test('its validator accepts valid input', async ({ assert }) => {
    const [error] = await validator.validator.tryValidate(valid)
    assert.isNull(error)
  })

  test('its validator requires name', async ({ assert }) => {
    const [error] = await validator.validator.tryValidate({ ...valid, name: undefined })
    assert.deepEqual(
      (error as { messages: { field: string }[] }).messages.map((m) => m.field),
      ['name']
    )
  })

  test('its validator requires price', async ({ assert }) => {
    const [error] = await validator.validator.tryValidate({ ...valid, price: undefined })
    assert.deepEqual(
      (error as { messages: { field: string }[] }).messages.map((m) => m.field),
      ['price']
    )
  })
})
