import { test } from '@japa/runner'
import validator from '../../application/commands/delete_product/delete_product_validator.js'

const valid = {
  id: '0190a5a8-0000-7000-8000-000000000001',
}

test.group('DeleteProduct command', () => {
  test('its validator accepts valid input', async ({ assert }) => {
    const [error] = await validator.validator.tryValidate(valid)
    assert.isNull(error)
  })

  test('its validator requires id', async ({ assert }) => {
    const [error] = await validator.validator.tryValidate({ ...valid, id: undefined })
    assert.deepEqual(
      (error as { messages: { field: string }[] }).messages.map((m) => m.field),
      ['id']
    )
  })
})
