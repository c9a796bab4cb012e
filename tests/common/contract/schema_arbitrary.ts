import fc from 'fast-check'

type Schema = Record<string, unknown>

/** Keywords that describe and never constrain. */
const ANNOTATIONS = new Set(['description', 'example', 'examples', 'default', 'title'])
/** The keywords the generators understand; any other stops them, never silently ignored. */
const UNDERSTOOD = new Set([
  'type',
  'properties',
  'required',
  'additionalProperties',
  'minLength',
  'maxLength',
  'pattern',
  'not',
  'format',
  'minimum',
  'maximum',
  'multipleOf',
  'enum',
])

function check(schema: Schema) {
  for (const keyword of Object.keys(schema)) {
    if (!UNDERSTOOD.has(keyword) && !ANNOTATIONS.has(keyword)) {
      throw new Error(`The request generator does not know the keyword ${keyword}: teach it`)
    }
  }
  // `not: { type: 'string', pattern }`: the type only keeps the refusal to strings.
  const not = schema.not as Schema | undefined
  const aroundPattern = (keyword: string) =>
    keyword === 'pattern' || (keyword === 'type' && not?.type === 'string')
  if (not && !Object.keys(not).every(aroundPattern)) {
    throw new Error('The request generator knows "not" only around a pattern on strings')
  }
}

function types(schema: Schema): string[] {
  return Array.isArray(schema.type) ? (schema.type as string[]) : [String(schema.type)]
}

/** Characters of the Basic Multilingual Plane (no lone surrogates), spaces of every kind often. */
const character = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(' ', '\t', '\n', '\u00a0', '\u2028', '\u3000') },
  { weight: 10, arbitrary: fc.constantFrom(...'abcdefghijklmnopqrstuvwxyzABCXYZ0123456789-_.') },
  {
    weight: 5,
    arbitrary: fc
      .integer({ min: 0, max: 0xffff })
      .filter((code) => code < 0xd800 || code > 0xdfff)
      .map((code) => String.fromCharCode(code)),
  }
)

function matches(schema: Schema, text: string): boolean {
  if (typeof schema.pattern === 'string' && !new RegExp(schema.pattern, 'u').test(text)) {
    return false
  }
  const not = schema.not as Schema | undefined
  return !(typeof not?.pattern === 'string' && new RegExp(not.pattern, 'u').test(text))
}

function validString(schema: Schema): fc.Arbitrary<string> {
  if (schema.format === 'uuid') return fc.uuid()
  if (schema.format === 'date-time') {
    return fc
      .date({ min: new Date('1970-01-01'), max: new Date('2999-12-31'), noInvalidDate: true })
      .map((date) => date.toISOString())
  }
  if (schema.format !== undefined) throw new Error(`Unknown format ${schema.format}`)
  const minLength = Number(schema.minLength ?? 0)
  const maxLength = Number(schema.maxLength ?? minLength + 40)
  const pattern = schema.pattern
  if (typeof pattern === 'string' && pattern.startsWith('^') && pattern.endsWith('$')) {
    // A whole-text pattern (a version's spellings) is drawn from the pattern itself: random
    // text would almost never match it.
    return fc
      .stringMatching(new RegExp(pattern, 'u'))
      .filter((text) => text.length >= minLength && text.length <= maxLength)
      .filter((text) => matches(schema, text))
  }
  return fc
    .string({ unit: character, minLength, maxLength })
    .filter((text) => matches(schema, text))
}

/** The multiple as 10^-places (0.01 → 2), the only kind of multipleOf the schemas use. */
function decimalPlaces(multipleOf: number): number {
  const places = Math.round(-Math.log10(multipleOf))
  if (Number(`1e-${places}`) !== multipleOf) throw new Error(`Unknown multipleOf ${multipleOf}`)
  return places
}

function validNumber(schema: Schema, integer: boolean): fc.Arbitrary<number> {
  const minimum = schema.minimum as number | undefined
  const maximum = schema.maximum as number | undefined
  if (schema.multipleOf !== undefined || integer) {
    const places = integer ? 0 : decimalPlaces(schema.multipleOf as number)
    const scale = 10 ** places
    const low = minimum === undefined ? -1e9 : Math.ceil(Math.round(minimum * scale * 10) / 10)
    const high = maximum === undefined ? 1e9 : Math.floor(Math.round(maximum * scale * 10) / 10)
    return fc.integer({ min: low, max: high }).map((units) => units / scale)
  }
  return fc.double({ min: minimum, max: maximum, noNaN: true, noDefaultInfinity: true })
}

/** Values the schema allows. */
export function validValue(schema: Schema): fc.Arbitrary<unknown> {
  check(schema)
  if (Array.isArray(schema.enum)) return fc.constantFrom(...(schema.enum as unknown[]))
  return fc.oneof(
    ...types(schema).map((type): fc.Arbitrary<unknown> => {
      switch (type) {
        case 'string':
          return validString(schema)
        case 'number':
          return validNumber(schema, false)
        case 'integer':
          return validNumber(schema, true)
        case 'boolean':
          return fc.boolean()
        case 'null':
          return fc.constant(null)
        case 'object':
          return validObject(schema)
        default:
          throw new Error(`The request generator does not know the type ${type}`)
      }
    })
  )
}

function validObject(schema: Schema): fc.Arbitrary<Record<string, unknown>> {
  const properties = (schema.properties ?? {}) as Record<string, Schema>
  return fc.record(
    Object.fromEntries(
      Object.entries(properties).map(([name, child]) => [name, validValue(child)])
    ),
    { requiredKeys: (schema.required ?? []) as string[] }
  )
}

/** A body the schema refuses, and the field that makes it so. */
export interface InvalidBody {
  body: Record<string, unknown>
  field: string
  breaks: string
}

/** Values of `schema` each breaking one of its rules, named. */
function invalidValues(schema: Schema): fc.Arbitrary<{ value: unknown; breaks: string }>[] {
  const allowed = types(schema)
  const cases: fc.Arbitrary<{ value: unknown; breaks: string }>[] = []
  const otherTypes: [string, unknown][] = [
    ['string', 'text'],
    ['number', 12],
    ['boolean', true],
    ['null', null],
    ['object', { nested: 1 }],
  ]
  const wrong = otherTypes.filter(
    ([type]) => !allowed.includes(type) && !(type === 'number' && allowed.includes('integer'))
  )
  if (wrong.length > 0) {
    cases.push(
      fc.constantFrom(...wrong.map(([type, value]) => ({ value, breaks: `type (${type})` })))
    )
  }
  if (allowed.includes('string') && schema.format === undefined) {
    const maxLength = schema.maxLength as number | undefined
    if (maxLength !== undefined) {
      cases.push(
        fc.integer({ min: maxLength + 1, max: maxLength + 5 }).map((length) => ({
          value: 'x'.repeat(length),
          breaks: 'maxLength',
        }))
      )
    }
    if (typeof schema.pattern === 'string') {
      const pattern = new RegExp(schema.pattern, 'u')
      cases.push(
        fc
          .string({ unit: character, minLength: Number(schema.minLength ?? 0), maxLength: 6 })
          .filter((text) => !pattern.test(text))
          .map((value) => ({ value, breaks: 'pattern' }))
      )
    }
    if ((schema.not as Schema | undefined)?.pattern === '\\u0000') {
      cases.push(fc.constant({ value: 'Pe\u0000n', breaks: 'not (NUL)' }))
    }
  }
  if (allowed.includes('number') || allowed.includes('integer')) {
    if (typeof schema.minimum === 'number') {
      cases.push(fc.constant({ value: schema.minimum - 1, breaks: 'minimum' }))
    }
    if (typeof schema.maximum === 'number') {
      cases.push(fc.constant({ value: schema.maximum * 10 + 1, breaks: 'maximum' }))
    }
    if (typeof schema.multipleOf === 'number') {
      const places = decimalPlaces(schema.multipleOf)
      cases.push(
        fc.integer({ min: 0, max: 99_999 }).map((units) => ({
          value: Number(`${units}.${'0'.repeat(places)}5`),
          breaks: 'multipleOf',
        }))
      )
    }
  }
  return cases
}

/** Bodies of an object schema, each valid but for one rule of one field. */
export function invalidBody(schema: Schema): fc.Arbitrary<InvalidBody> {
  check(schema)
  const properties = (schema.properties ?? {}) as Record<string, Schema>
  const required = (schema.required ?? []) as string[]
  const variants: fc.Arbitrary<InvalidBody>[] = []
  const valid = validObject(schema)
  for (const name of required) {
    variants.push(
      valid.map((body) => {
        const rest = { ...body }
        delete rest[name]
        return { body: rest, field: name, breaks: 'required' }
      })
    )
  }
  if (schema.additionalProperties === false) {
    variants.push(
      valid.map((body) => ({ body: { ...body, bogus: 1 }, field: 'bogus', breaks: 'unknown' }))
    )
  }
  for (const [name, child] of Object.entries(properties)) {
    for (const broken of invalidValues(child)) {
      variants.push(
        fc.tuple(valid, broken).map(([body, { value, breaks }]) => ({
          body: { ...body, [name]: value },
          field: name,
          breaks,
        }))
      )
    }
  }
  return fc.oneof(...variants)
}
