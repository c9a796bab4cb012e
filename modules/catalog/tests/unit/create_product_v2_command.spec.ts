// Edited after generation: its handler is written, so its test runs it through the pipeline against the database.
import { test } from '@japa/runner'
import app from '@adonisjs/core/services/app'
import { Mediator } from '@pantheon/kit/application'
import { GetProductByIdV2Query } from '../../application/queries/get_product_by_id_v2/get_product_by_id_v2_query.js'
import { CreateProductV2Command } from '../../application/commands/create_product_v2/create_product_v2_command.js'
import validator from '../../application/commands/create_product_v2/create_product_v2_validator.js'

const valid = {
  name: 'Sample text',
  price: 9.99,
  category: 'Sample text',
}

test.group('CreateProductV2 command', () => {
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

  test('its validator requires category', async ({ assert }) => {
    const [error] = await validator.validator.tryValidate({ ...valid, category: undefined })
    assert.deepEqual(
      (error as { messages: { field: string }[] }).messages.map((m) => m.field),
      ['category']
    )
  })

  test('its handler stores the product with its category, trimmed, and answers its id', async ({
    assert,
  }) => {
    const mediator = await app.container.make(Mediator)
    const created = await mediator.send(
      CreateProductV2Command.fromInput({ ...valid, name: ' Desk ', category: ' Furniture ' })
    )
    assert.isTrue(created.ok, JSON.stringify(created))
    if (!created.ok) return
    const found = await mediator.query(GetProductByIdV2Query.fromInput({ id: created.value }))
    assert.containsSubset(found, {
      ok: true,
      value: { id: created.value, name: 'Desk', price: 9.99, category: 'Furniture', version: 1 },
    })
  })
})
