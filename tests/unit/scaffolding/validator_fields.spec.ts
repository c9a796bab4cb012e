import { test } from '@japa/runner'
import { readFile } from 'node:fs/promises'
import app from '@adonisjs/core/services/app'
import { requiredValidatorFields } from '../../../app/scaffolding/validator_fields.js'

/** A validator as prettier leaves it: long rules wrapped, one with commas of its own. */
const WRAPPED = `import vine from '@vinejs/vine'
import { defineCommandValidator, maxDecimalPlaces } from '@pantheon/kit/application'
import { ChargeCommand } from './charge_command.js'

export default defineCommandValidator(
  ChargeCommand,
  vine.create({
    amount: vine
      .number({ strict: true })
      .use(maxDecimalPlaces(4))
      .range([-99999999999.9999, 99999999999.9999]),
    // a note, with a comma: and a colon
    /* a block, with a comma, */
    note: vine
      .string()
      .trim()
      .nullable()
      .optional(),
    payload: vine.any(),
    address: vine.object({ street: vine.string(), city: vine.string().optional() }).optional(),
    label: vine.string().regex(/^[a-z,]+$/),
    title: vine.string().in(['a, b', "c's"]).optional(),
  })
)
`

test.group('requiredValidatorFields', () => {
  test('reads wrapped rules, nested objects and commas inside rules', ({ assert }) => {
    assert.deepEqual(requiredValidatorFields(WRAPPED), ['amount', 'payload', 'label'])
  })

  test('finds no required field when every rule is optional or there is none', ({ assert }) => {
    const optional = `vine.create({\n  note: vine\n    .string()\n    .optional(),\n})`
    assert.deepEqual(requiredValidatorFields(optional), [])
    assert.deepEqual(requiredValidatorFields('vine.create({})'), [])
  })

  test('is undefined for a source with no vine.create', ({ assert }) => {
    assert.isUndefined(requiredValidatorFields('export default {}'))
  })

  test('reads a generated validator as its fields say', async ({ assert }) => {
    const golden = app.makePath(
      'tests/fixtures/golden/modules/catalog/application/commands/update_product/update_product_validator.ts.golden'
    )
    const required = requiredValidatorFields(await readFile(golden, 'utf8'))
    assert.includeMembers(required!, ['id', 'name', 'price'])
    assert.notInclude(required!, 'notes')
  })
})
