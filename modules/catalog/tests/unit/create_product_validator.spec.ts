// Written by hand: the specification's rules for a product's fields, value by value.
import { test } from '@japa/runner'
import createProductValidator from '../../application/commands/create_product/create_product_validator.js'

async function failedFields(input: Record<string, unknown>) {
  const [error] = await createProductValidator.validator.tryValidate(input)
  if (!error) return []
  return (error as { messages: { field: string; rule: string }[] }).messages.map(
    (m) => `${m.field}:${m.rule}`
  )
}

test.group('Create product validator', () => {
  test('accepts a name and a price, trimming the name', async ({ assert }) => {
    const [error, value] = await createProductValidator.validator.tryValidate({
      name: '  Pen ',
      price: 12.5,
    })
    assert.isNull(error)
    assert.deepEqual(value, { name: 'Pen', price: 12.5 })
  })

  test('reports both fields when both are missing', async ({ assert }) => {
    assert.deepEqual(await failedFields({}), ['name:required', 'price:required'])
  })

  test('rejects {label}')
    .with([
      { label: 'a blank name', input: { name: '   ', price: 1 }, failed: ['name:minLength'] },
      {
        label: 'a 201-character name',
        input: { name: 'x'.repeat(201), price: 1 },
        failed: ['name:maxLength'],
      },
      {
        label: 'a name of 201 emoji (402 UTF-16 code units)',
        input: { name: '😀'.repeat(201), price: 1 },
        failed: ['name:maxLength'],
      },
      {
        label: 'a name over 200 characters as sent, though 200 once trimmed',
        input: { name: ` ${'x'.repeat(200)} `, price: 1 },
        failed: ['name:maxLength'],
      },
      {
        label: 'a name that is not a string',
        input: { name: 42, price: 1 },
        failed: ['name:string'],
      },
      { label: 'a negative price', input: { name: 'Pen', price: -1 }, failed: ['price:min'] },
      {
        label: 'a price with 3 decimals',
        input: { name: 'Pen', price: 1.999 },
        failed: ['price:decimal'],
      },
      {
        label: 'a price sent as a string',
        input: { name: 'Pen', price: '12' },
        failed: ['price:number'],
      },
      {
        label: 'a price beyond the maximum',
        input: { name: 'Pen', price: 1e15 },
        failed: ['price:max'],
      },
    ])
    .run(async ({ assert }, { input, failed }) => {
      assert.deepEqual(await failedFields(input), failed)
    })
})
