import { test } from '@japa/runner'
import fc from 'fast-check'
import vine from '@vinejs/vine'
import type { SchemaTypes } from '@vinejs/vine/types'
import { vineJsonSchema } from '@pantheon/kit/http'
import { createSchemaValidator } from '#tests/common/contract/schema_validator'

const ajv = createSchemaValidator()

/** Whether VineJS accepts `value` as the field `x` checked by `field`. */
async function vineAccepts(field: SchemaTypes, value: unknown) {
  const [error] = await vine.create({ x: field }).tryValidate({ x: value })
  return error === null
}

/** Whether the JSON Schema written for the same field accepts it. */
function jsonSchemaAccepts(field: SchemaTypes, value: unknown) {
  return ajv.validate(vineJsonSchema(vine.create({ x: field })), { x: value })
}

/** Texts made of spaces of every kind trim() removes and a few letters, so bounds are hit. */
const texts = fc.string({
  unit: fc.constantFrom(' ', '\t', '\n', '\u00a0', '\u2028', '\ufeff', 'a', 'é', '-'),
  maxLength: 9,
})

test.group('VineJS schemas as JSON Schema', () => {
  test('a nullable property is required: VineJS refuses it missing', async ({ assert }) => {
    const schema = vineJsonSchema(
      vine.create({ category: vine.string().nullable(), note: vine.string().optional() })
    )
    assert.deepEqual(schema.required, ['category'])
  })

  test('decimal([0, 2]) is multipleOf 0.01; decimal(2), which forces decimals, adds nothing', ({
    assert,
  }) => {
    const schema = vineJsonSchema(
      vine.create({ price: vine.number().decimal([0, 2]), rate: vine.number().decimal(2) })
    )
    const properties = schema.properties as Record<string, Record<string, unknown>>
    assert.equal(properties.price.multipleOf, 0.01)
    assert.notProperty(properties.rate, 'multipleOf')
  })

  test('a blank text fails trim().minLength(1), and the document says so', async ({ assert }) => {
    const schema = vine.string().trim().minLength(1)
    assert.isFalse(await vineAccepts(schema, '   '))
    assert.isFalse(jsonSchemaAccepts(schema, '   '))
  })

  test('VineJS and the JSON Schema agree on every text for {label}')
    .with([
      { label: 'trim().minLength(1)', rules: () => vine.string().trim().minLength(1) },
      {
        label: 'maxLength(6).trim().minLength(1)',
        rules: () => vine.string().maxLength(6).trim().minLength(1),
      },
      {
        label: 'trim().minLength(1).maxLength(4)',
        rules: () => vine.string().trim().minLength(1).maxLength(4),
      },
      { label: 'trim().minLength(3)', rules: () => vine.string().trim().minLength(3) },
      { label: 'trim().maxLength(1)', rules: () => vine.string().trim().maxLength(1) },
      {
        label: 'trim().minLength(2).maxLength(3)',
        rules: () => vine.string().trim().minLength(2).maxLength(3),
      },
      { label: 'minLength(2).trim()', rules: () => vine.string().minLength(2).trim() },
      { label: 'trim().fixedLength(2)', rules: () => vine.string().trim().fixedLength(2) },
    ])
    .run(async ({ assert }, { rules }) => {
      await fc.assert(
        fc.asyncProperty(texts, async (text) => {
          const schema = rules()
          assert.equal(
            jsonSchemaAccepts(schema, text),
            await vineAccepts(schema, text),
            JSON.stringify(text)
          )
        }),
        { numRuns: 400 }
      )
    })

  test('VineJS and the JSON Schema agree on every number for decimal([0, 2])', async ({
    assert,
  }) => {
    const numbers = fc.oneof(
      fc.integer({ min: 0, max: 99_999_999_999_999 }).map((cents) => cents / 100),
      fc.double({ min: 0, max: 1e12, noNaN: true }),
      fc.integer({ min: 0, max: 999_999 }).map((n) => n / 1000)
    )
    await fc.assert(
      fc.asyncProperty(numbers, async (value) => {
        const schema = vine.number().decimal([0, 2])
        assert.equal(
          jsonSchemaAccepts(schema, value),
          await vineAccepts(schema, value),
          String(value)
        )
      }),
      { numRuns: 1000 }
    )
  })
})
