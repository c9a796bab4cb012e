import { test } from '@japa/runner'
import fc from 'fast-check'
import vine from '@vinejs/vine'
import type { SchemaTypes } from '@vinejs/vine/types'
import { maxDecimalPlaces } from '@pantheon/kit/application'
import { vineJsonSchema } from '@pantheon/kit/http'
import { createSchemaValidator } from '#tests/common/contract/schema_validator'

const ajv = createSchemaValidator()

/** VineJS's error for the field `x` checked by `field`, or null when it accepts `value`. */
async function vineError(field: SchemaTypes, value: unknown) {
  const [error] = await vine.create({ x: field }).tryValidate({ x: value })
  return error === null ? null : (error as { messages: Record<string, unknown>[] }).messages[0]
}

test.group('maxDecimalPlaces', () => {
  test('takes a decimal JavaScript writes in exponent form, which decimal([0, n]) refuses', async ({
    assert,
  }) => {
    // 0.0000000033 is "3.3e-9" in JavaScript: VineJS's rule reads that text.
    assert.isNotNull(await vineError(vine.number().decimal([0, 10]), 0.0000000033))
    assert.isNull(await vineError(vine.number().use(maxDecimalPlaces(10)), 0.0000000033))
    assert.isNull(await vineError(vine.number().use(maxDecimalPlaces(10)), -0.9999999999))
    assert.isNull(await vineError(vine.number().use(maxDecimalPlaces(0)), 1e21))
  })

  test('refuses one place too many with the error VineJS gives', async ({ assert }) => {
    const error = await vineError(vine.number().use(maxDecimalPlaces(9)), 0.0000000033)
    const vineOwn = await vineError(vine.number().decimal([0, 9]), 1.0000000001)
    assert.deepEqual(error, vineOwn)
    assert.include(error, { rule: 'decimal', message: 'The x field must have 0-9 decimal places' })
  })

  test('agrees with its JSON Schema (multipleOf 10^-n, in decimal) on every number', async ({
    assert,
  }) => {
    const cases = fc.record({
      places: fc.integer({ min: 0, max: 12 }),
      value: fc.oneof(
        fc.double({ noNaN: true, noDefaultInfinity: true }),
        fc
          .tuple(fc.integer({ min: -999_999, max: 999_999 }), fc.integer({ min: 0, max: 14 }))
          .map(([units, shift]) => units / 10 ** shift)
      ),
    })
    await fc.assert(
      fc.asyncProperty(cases, async ({ places, value }) => {
        const field = vine.number().use(maxDecimalPlaces(places))
        const documented = ajv.validate(vineJsonSchema(vine.create({ x: field })), { x: value })
        assert.equal(documented, (await vineError(field, value)) === null, `${value} (${places})`)
      }),
      { numRuns: 1000 }
    )
  })
})
