import { test } from '@japa/runner'
import fc from 'fast-check'
import vine from '@vinejs/vine'
import type { SchemaTypes } from '@vinejs/vine/types'
import * as kitRules from '@pantheon/kit/application'
import { requestBodySchema, vineJsonSchema } from '@pantheon/kit/http'
import type { PropertyDefinition } from '@pantheon/kit/domain'
import { entityFields } from '#kit/scaffolding/crud'
import { formatProperty } from '#kit/scaffolding/property_syntax'
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

/*
 * Every property type the generator supports, required and optional (`.nullable().optional()`),
 * with the rule exactly as add-entity and add-command write it (entityFields): the request
 * document must accept exactly the values the validator accepts. A typed client is generated
 * from that document, so `due?: null` for a date the service stores is a broken client.
 */

/** The generator's rule for one property, built from its text as the validator file holds it. */
function generatedRule(definition: PropertyDefinition): SchemaTypes {
  const [field] = entityFields({ name: 'Probe', aggregate: false, properties: { x: definition } })
  // The rule is plain JavaScript over `vine` and the kit's rules: evaluate it with them in scope.
  const build = new Function('vine', ...Object.keys(kitRules), `return ${field.rule}`)
  return build(vine, ...Object.values(kitRules)) as SchemaTypes
}

const validators = new WeakMap<SchemaTypes, ReturnType<typeof vine.create>>()

/** One validator per rule, so its document is built once (requestBodySchema caches by validator). */
function documentedValidator(field: SchemaTypes) {
  let validator = validators.get(field)
  if (!validator) validators.set(field, (validator = vine.create({ x: field })))
  return validator
}

/** Whether the request document of `{ x: field }` takes `{ x: value }` (or `{}` for undefined). */
function documentAccepts(field: SchemaTypes, value: unknown) {
  const schema = requestBodySchema(documentedValidator(field))
  return ajv.validate(schema, value === undefined ? {} : { x: value })
}

/**
 * Whether the service takes `{ x: value }`: its validator does, and no text holds a NUL (the
 * kit refuses those in every body, before the validator).
 */
async function serviceAccepts(field: SchemaTypes, value: unknown) {
  if (JSON.stringify(value ?? null).includes('\\u0000')) return false
  const body = value === undefined ? {} : { x: value }
  const [error] = await documentedValidator(field).tryValidate(body)
  return error === null
}

const GENERATED_TYPES: PropertyDefinition[] = [
  { type: 'string', optional: false, length: 8 },
  { type: 'text', optional: false },
  { type: 'int', optional: false },
  { type: 'decimal', optional: false, precision: 6, scale: 2 },
  { type: 'number', optional: false },
  { type: 'boolean', optional: false },
  { type: 'date', optional: false },
  { type: 'datetime', optional: false },
  { type: 'uuid', optional: false },
  { type: 'json', optional: false },
  { type: 'enum', optional: false, values: ['draft', 'live'] },
]

/** Values of every JSON kind, and texts each type takes or must refuse, edges first. */
const PROBES: unknown[] = [
  undefined,
  null,
  '',
  '   ',
  'Sample',
  'Sample text longer than eight',
  'a\u0000b',
  'draft',
  'live',
  12,
  -3,
  1.5,
  1.005,
  2147483648,
  1700000000000,
  true,
  'true',
  '12',
  {},
  { a: 1 },
  [],
  [1],
  '0190a5a8-0000-7000-8000-000000000001',
  'not-a-uuid',
  '2026-12-01',
  '2024-02-29',
  '2026-02-30',
  '2026-2-3',
  '0099-12-31',
  '0100-01-01',
  '2026',
  '1',
  'Dec 1 2026',
  '2026-12-01T10:00:00Z',
  '2026-12-01T10:00:00.123456+02:00',
  '2026-12-01t10:00:00z',
  '2026-12-01 10:00:00Z',
  '2026-12-01T10:00:00+0200',
  '2026-12-01T10:00:00',
  '2026-12-01T24:00:00Z',
  '2026-12-01T23:59:60Z',
  '2026-12-01T10:00:00+24:00',
]

test.group('Generated fields as the request document states them', () => {
  test('{type} {mode}: the document takes exactly what the validator takes')
    .with(
      GENERATED_TYPES.flatMap((definition) =>
        [false, true].map((optional) => ({
          type: formatProperty('X', { ...definition, optional }),
          mode: optional ? 'optional (nullable)' : 'required',
          definition: { ...definition, optional },
        }))
      )
    )
    .run(async ({ assert }, { definition }) => {
      const rule = generatedRule(definition)
      const disagreements: string[] = []
      for (const value of PROBES) {
        const documented = documentAccepts(rule, value)
        const accepted = await serviceAccepts(rule, value)
        if (documented !== accepted) {
          const shown = value === undefined ? 'absent' : JSON.stringify(value)
          disagreements.push(`${shown}: document ${documented}, service ${accepted}`)
        }
      }
      assert.deepEqual(disagreements, [])
    })
})

const twoDigits = (max: number) =>
  fc.integer({ min: 0, max }).map((n) => String(n).padStart(2, '0'))

/** Texts shaped like RFC 3339 date-times, each part at or past its bounds. */
const dateTimeLikeTexts = fc
  .tuple(
    fc.oneof(
      fc.integer({ min: 0, max: 199 }),
      fc.integer({ min: 1899, max: 2101 }),
      fc.constant(9999)
    ),
    twoDigits(13),
    twoDigits(32),
    fc.constantFrom('T', 't', ' ', ''),
    twoDigits(25),
    twoDigits(61),
    twoDigits(61),
    fc.constantFrom('', '.1', '.123', '.1234567', '.'),
    fc.oneof(
      fc.constantFrom('Z', 'z', ''),
      fc
        .tuple(fc.constantFrom('+', '-'), twoDigits(25), fc.constantFrom(':', ''), twoDigits(61))
        .map((parts) => parts.join(''))
    )
  )
  .map(([year, month, day, separator, hour, minute, second, fraction, offset]) => {
    const date = `${String(year).padStart(4, '0')}-${month}-${day}`
    return `${date}${separator}${hour}:${minute}:${second}${fraction}${offset}`
  })

/** Texts shaped like RFC 3339 dates, leap days and month ends among them. */
const dateLikeTexts = fc
  .tuple(
    fc.oneof(fc.integer({ min: 0, max: 199 }), fc.integer({ min: 1899, max: 2401 })),
    twoDigits(13),
    twoDigits(32)
  )
  .map(([year, month, day]) => `${String(year).padStart(4, '0')}-${month}-${day}`)

test.group('Generated date and datetime fields, texts drawn at their bounds', () => {
  test('{label}: the document takes exactly the texts the validator takes')
    .with([
      { label: 'datetime', type: 'datetime' as const, drawn: dateTimeLikeTexts },
      { label: 'date', type: 'date' as const, drawn: dateLikeTexts },
    ])
    .run(async ({ assert }, { type, drawn }) => {
      const rule = generatedRule({ type, optional: true })
      await fc.assert(
        fc.asyncProperty(drawn, async (text) => {
          assert.equal(documentAccepts(rule, text), await serviceAccepts(rule, text), text)
        }),
        { numRuns: 3000 }
      )
    })

  test('a datetime is the instant its text names, offset and years before 100 included', async ({
    assert,
  }) => {
    const rule = generatedRule({ type: 'datetime', optional: false })
    const instant = async (text: string) => {
      const [, output] = await documentedValidator(rule).tryValidate({ x: text })
      return (output as { x: Date } | null)?.x.toISOString()
    }
    assert.equal(await instant('2026-12-01T10:00:00.1234+02:30'), '2026-12-01T07:30:00.123Z')
    assert.equal(await instant('0042-01-01t00:00:00z'), '0042-01-01T00:00:00.000Z')
    assert.isUndefined(await instant('2026-02-29T00:00:00Z'))
  })
})
