import fc from 'fast-check'
import {
  asEntity,
  fieldName,
  type DrawnEntity,
  type DrawnPart,
  type DrawnProperty,
} from './drawn_entity.js'

/** A JSON body as the API takes and answers it. */
export type Body = Record<string, unknown>

/**
 * Characters a string is made of: ASCII, quotes and backslashes, accents, CJK, and emoji outside
 * the Basic Multilingual Plane (one character each, two UTF-16 units). No whitespace at either
 * end: the validator trims strings.
 */
const CHARACTERS = [...'aZ09"\'\\<>%_é中😀🎉ß€']
const INNER = [...CHARACTERS, ' ']

function text(minLength: number, maxLength: number) {
  return fc.array(fc.constantFrom(...INNER), { minLength, maxLength }).chain((inner) =>
    fc
      .tuple(fc.constantFrom(...CHARACTERS), fc.constantFrom(...CHARACTERS))
      .map(([first, last]) => {
        if (inner.length === 0) return ''
        if (inner.length === 1) return first
        return [first, ...inner.slice(1, -1), last].join('')
      })
  )
}

/** String lengths of a property: string(n), else the default varchar(255). */
const lengthOf = (property: DrawnProperty) => property.length ?? 255

/** Digits of a decimal: decimal(p,s), else numeric(15,4). */
function digitsOf(property: DrawnProperty) {
  return property.precision === undefined
    ? { precision: 15, scale: 4 }
    : { precision: property.precision, scale: property.scale ?? 0 }
}

const pad = (value: number, width = 2) => String(value).padStart(width, '0')

/** A calendar date, leap days and year ends among them. */
const calendarDate = fc.oneof(
  fc.constantFrom('2024-02-29', '1999-12-31', '2000-01-01', '2026-01-15'),
  fc
    .record({
      year: fc.integer({ min: 1900, max: 2199 }),
      month: fc.integer({ min: 1, max: 12 }),
      day: fc.integer({ min: 1, max: 28 }),
    })
    .map(({ year, month, day }) => `${year}-${pad(month)}-${pad(day)}`)
)

/** An instant in milliseconds, late in the UTC day (the next day in Tokyo, the day before in Los Angeles) or anywhere. */
const instant = fc.oneof(
  fc.constantFrom(
    '2026-01-15T23:30:00.000Z',
    '2026-03-08T10:30:00.000Z',
    '2026-11-01T09:15:00.999Z'
  ),
  fc
    .date({
      min: new Date('1971-01-01T00:00:00Z'),
      max: new Date('2199-12-31T23:59:59.999Z'),
      noInvalidDate: true,
    })
    .map((date) => date.toISOString())
)

/** Nested JSON of strings, whole and decimal numbers, booleans and null. */
const jsonValue: fc.Arbitrary<unknown> = fc.letrec<{ value: unknown }>((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    text(0, 12),
    fc.integer(),
    fc.double({ min: -1e9, max: 1e9, noNaN: true }),
    fc.boolean(),
    fc.constant(null),
    fc.array(tie('value'), { maxLength: 4 }),
    fc.dictionary(fc.stringMatching(/^[a-zA-Z_][a-zA-Z0-9_]{0,8}$/), tie('value'), { maxKeys: 4 })
  ),
})).value

/** A value the column holds and the validator accepts, edge values first. */
function validValue(property: DrawnProperty): fc.Arbitrary<unknown> {
  switch (property.type) {
    case 'string': {
      const max = lengthOf(property)
      // The longest string the column holds, counted in characters.
      return fc.oneof(text(max, max), text(1, Math.min(max, 20)))
    }
    case 'text':
      return text(1, 400)
    case 'int':
      return fc.oneof(
        fc.constantFrom(-2147483648, 2147483647, 0),
        fc.integer({ min: -2147483648, max: 2147483647 })
      )
    case 'decimal': {
      const { precision, scale } = digitsOf(property)
      const largest = 10 ** precision - 1
      // A whole number of the smallest unit: exact in a JavaScript number up to 15 digits. Under
      // 1e-6 JavaScript writes it in exponent form (0.0000000033 is 3.3e-9).
      return fc
        .oneof(
          fc.constantFrom(largest, -largest, 1, -1, 0),
          fc.integer({ min: -largest, max: largest })
        )
        .map((units) => Number((units / 10 ** scale).toFixed(scale)))
    }
    case 'number':
      return fc.oneof(
        fc.constantFrom(0.1, -1.5e-10, Number.MAX_SAFE_INTEGER, 1e300),
        fc.double({ min: -1e15, max: 1e15, noNaN: true, noDefaultInfinity: true })
      )
    case 'boolean':
      return fc.boolean()
    case 'date':
      return calendarDate
    case 'datetime':
      return instant
    case 'uuid':
      return fc.uuid()
    case 'json':
      // A required JSON property holds a value; null is what an optional one holds when empty.
      return jsonValue.filter((value) => value !== null)
    case 'enum':
      return fc.constantFrom(...property.values!)
  }
}

/**
 * Which of the two referenced rows a body names, until they exist: `withReferences` puts their
 * ids in its place once the rows are stored.
 */
const REFERENCED_ROW = ['<referenced row 0>', '<referenced row 1>'] as const

/** The most parts a body holds, though the part allows more: each is a row to compare. */
const MOST_PARTS_DRAWN = 3

/** The bounds on a part's count, as the generator applies them by default. */
function partBounds(part: DrawnPart) {
  return { min: part.minItems ?? 0, max: part.maxItems ?? 100 }
}

/** Values of every property for a create or an update; an optional one may be null. */
export function validBody(entity: DrawnEntity): fc.Arbitrary<Body> {
  const fields: Record<string, fc.Arbitrary<unknown>> = Object.fromEntries(
    entity.properties.map((property) => [
      fieldName(property.pascal),
      property.optional
        ? fc.option(validValue(property), { nil: null, freq: 3 })
        : validValue(property),
    ])
  )
  const { reference, part } = entity
  if (reference) {
    const row = fc.constantFrom(...REFERENCED_ROW)
    fields[reference.field] = reference.optional ? fc.option(row, { nil: null, freq: 3 }) : row
  }
  if (part) {
    const { min, max } = partBounds(part)
    fields[part.field] = fc.array(validBody(asEntity(entity, part)), {
      minLength: min,
      maxLength: Math.min(max, min + MOST_PARTS_DRAWN),
    })
  }
  return fc.record(fields)
}

/** The fields a create must send: required properties, a required reference, the parts. */
export function requiredFields(entity: DrawnEntity): string[] {
  return [
    ...entity.properties
      .filter((property) => !property.optional)
      .map((property) => fieldName(property.pascal)),
    ...(entity.reference && !entity.reference.optional ? [entity.reference.field] : []),
    ...(entity.part ? [entity.part.field] : []),
  ]
}

/** A create's body: as validBody, and an optional property may also be left out. */
export function createBody(entity: DrawnEntity): fc.Arbitrary<Body> {
  return validBody(entity).chain((body) =>
    fc.record(
      Object.fromEntries(Object.entries(body).map(([field, value]) => [field, fc.constant(value)])),
      { requiredKeys: requiredFields(entity) }
    )
  )
}

/** A partial update's body (PATCH): some fields of a valid body, at least one. */
export function patchBody(entity: DrawnEntity): fc.Arbitrary<Body> {
  return validBody(entity).chain((body) =>
    fc
      .subarray(Object.keys(body), { minLength: 1 })
      .map((fields) => Object.fromEntries(fields.map((field) => [field, body[field]])))
  )
}

/** A copy of the body with the ids of the stored referenced rows in place of REFERENCED_ROW. */
export function withReferences(entity: DrawnEntity, body: Body, ids: readonly string[]): Body {
  const field = entity.reference?.field
  if (field === undefined || typeof body[field] !== 'string') return { ...body }
  return { ...body, [field]: ids[REFERENCED_ROW.indexOf(body[field] as never)] }
}

/**
 * What the API answers for a body it stored: JSON itself (no -0), and null for an optional
 * property the body left out, in the aggregate and in each of its parts.
 */
export function asStored(entity: DrawnEntity, body: Body): Body {
  const stored = JSON.parse(JSON.stringify(body)) as Body
  for (const property of entity.properties) stored[fieldName(property.pascal)] ??= null
  if (entity.reference) stored[entity.reference.field] ??= null
  const { part } = entity
  if (part && Array.isArray(stored[part.field])) {
    const items = stored[part.field] as Body[]
    stored[part.field] = items.map((item) => asStored(asEntity(entity, part), item))
  }
  return stored
}

/**
 * Bodies the validator must refuse with 400 for the reference and the parts, each reason with
 * its body: a reference that is no UUID, too few or too many parts, a part holding a bad value.
 */
export function refusedStructure(
  entity: DrawnEntity,
  valid: Body,
  /** A valid part, the one each refused list repeats. */
  item: Body
): Array<{ why: string; body: Body }> {
  const refused: Array<{ why: string; body: Body }> = []
  const { reference, part } = entity
  if (reference) {
    for (const value of ['not-a-uuid', 42, ...(reference.optional ? [] : [null])]) {
      refused.push({
        why: `${reference.field} = ${value}`,
        body: { ...valid, [reference.field]: value },
      })
    }
  }
  if (part) {
    const { min, max } = partBounds(part)
    const bodies: Array<[string, unknown]> = [
      ['not a list', 'lines'],
      [`${max + 1} items`, Array.from({ length: max + 1 }, () => item)],
      ...(min > 0 ? [['no item', []] as [string, unknown]] : []),
    ]
    for (const property of part.properties) {
      const [value] = refusedValues(property)
      if (value === undefined) continue
      const field = fieldName(property.pascal)
      const items = Array.from({ length: Math.max(min, 1) }, () => ({ ...item, [field]: value }))
      bodies.push([`an item's ${field} = ${JSON.stringify(value)?.slice(0, 40)}`, items])
    }
    for (const [why, items] of bodies) {
      refused.push({ why: `${part.field}: ${why}`, body: { ...valid, [part.field]: items } })
    }
  }
  return refused
}

/** Values the validator must refuse with 400: outside the column, or of another type. */
export function refusedValues(property: DrawnProperty): unknown[] {
  const common: unknown[] = property.optional ? [] : [null]
  switch (property.type) {
    case 'string': {
      const max = lengthOf(property)
      return [...common, '😀'.repeat(max + 1), '   ', 12]
    }
    case 'text':
      return [...common, 12, { a: 1 }]
    case 'int':
      return [...common, 2147483648, -2147483649, 1.5, '7']
    case 'decimal': {
      const { precision, scale } = digitsOf(property)
      const tooMany = Number(`0.${'0'.repeat(scale)}1`)
      return [...common, 10 ** (precision - scale), -(10 ** (precision - scale)), tooMany, '1']
    }
    case 'number':
      return [...common, '1.5', true]
    case 'boolean':
      return [...common, 'true', 1]
    case 'date':
      return [...common, '2026-02-30', 'yesterday', 20260115]
    case 'datetime':
      return [...common, 'not a time', '2026-13-01T00:00:00Z']
    case 'uuid':
      return [...common, 'not-a-uuid', 42]
    case 'json':
      return common
    case 'enum':
      return [...common, `${property.values!.join('')}x`, 1]
  }
}

/** The value a required column added to a table with rows gives those rows (add-migration). */
export function existingRowsDefault(property: DrawnProperty): unknown {
  switch (property.type) {
    case 'string':
    case 'text':
      return ''
    case 'int':
    case 'decimal':
    case 'number':
      return 0
    case 'boolean':
      return false
    case 'date':
      return '1970-01-01'
    case 'datetime':
      return '1970-01-01T00:00:00.000Z'
    case 'uuid':
      return '00000000-0000-0000-0000-000000000000'
    case 'json':
      return {}
    case 'enum':
      return property.values![0]
  }
}
