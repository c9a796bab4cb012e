// Written by hand: the contract takes what the commands take, and refuses what they refuse.
import { test } from '@japa/runner'
import { randomUUID } from 'node:crypto'
import { checkPayload } from '@pantheon/kit/integration'
import createProductValidator from '../../application/commands/create_product/create_product_validator.js'
import createProductV2Validator from '../../application/commands/create_product_v2/create_product_v2_validator.js'
import { productCreatedEvent } from '../../integration/product_created.js'

/** Whether the contract, and the command that creates such products, each take the values. */
async function verdicts(values: { name: unknown; price: unknown; category?: unknown }) {
  const contract = await checkPayload(productCreatedEvent, { id: randomUUID(), ...values })
  const command =
    values.category === undefined
      ? await createProductValidator.validator.tryValidate(values)
      : await createProductV2Validator.validator.tryValidate(values)
  return { contract: contract.valid, command: command[0] === null }
}

test.group('ProductCreated contract', () => {
  test('takes exactly what the commands creating products take: {label}')
    .with([
      { label: 'a plain product', values: { name: 'Pen', price: 12.5 }, valid: true },
      { label: 'a free one', values: { name: 'Pen', price: 0 }, valid: true },
      { label: 'the longest name', values: { name: '😀'.repeat(200), price: 1 }, valid: true },
      {
        label: 'the highest price',
        values: { name: 'Pen', price: 999_999_999_999.99 },
        valid: true,
      },
      { label: 'a category', values: { name: 'Pen', price: 1, category: 'Office' }, valid: true },
      { label: 'an empty name', values: { name: '', price: 1 }, valid: false },
      { label: 'a blank name', values: { name: '   ', price: 1 }, valid: false },
      { label: 'a name too long', values: { name: '😀'.repeat(201), price: 1 }, valid: false },
      { label: 'a negative price', values: { name: 'Pen', price: -5 }, valid: false },
      { label: 'a price past the cent', values: { name: 'Pen', price: 1.005 }, valid: false },
      { label: 'a price too high', values: { name: 'Pen', price: 1e12 }, valid: false },
      { label: 'a price as text', values: { name: 'Pen', price: '12' }, valid: false },
      {
        label: 'a category too long',
        values: { name: 'Pen', price: 1, category: 'x'.repeat(101) },
        valid: false,
      },
    ])
    .run(async ({ assert }, { values, valid }) => {
      assert.deepEqual(await verdicts(values), { contract: valid, command: valid })
    })

  test('refuses a payload whose id is not a UUID, naming the field', async ({ assert }) => {
    const checked = await checkPayload(productCreatedEvent, { id: '42', name: 'Pen', price: 1 })
    assert.deepEqual(checked, { valid: false, problems: ['The id field must be a valid UUID'] })
  })
})
