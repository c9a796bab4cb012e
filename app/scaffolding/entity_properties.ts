import { PROPERTY_TYPES, type PropertyType } from '../building_blocks/domain/entity_definition.js'
import { assertPascalCaseName, camelCase, snakeCase } from './names.js'
import { ScaffoldError } from './scaffold_error.js'

/** Everything the templates need to know about one property, computed once from the flag. */
export interface PropertySpec {
  pascal: string
  field: string
  column: string
  type: PropertyType
  optional: boolean
  /** The TypeScript type of the field, `| null` included when optional. */
  tsType: string
  /** The TypeScript type in the Lucid model. */
  modelType: string
  /** The Lucid decorator of the model field. */
  decorator: string
  /** The knex column builder for a migration (without .nullable()/.notNullable()). */
  columnBuilder: string
  /** A valid literal for tests. */
  sample: string
}

/** Names the entity already uses for itself. */
const TAKEN = new Set([
  'id',
  'create',
  'restore',
  'toSnapshot',
  'raise',
  'pullDomainEvents',
  'equals',
])

interface TypeMapping {
  tsType: string
  modelType: string
  decorator: string
  columnBuilder: (column: string) => string
  sample: string
}

const TYPE_MAPPINGS: Record<PropertyType, TypeMapping> = {
  string: {
    tsType: 'string',
    modelType: 'string',
    decorator: '@column()',
    columnBuilder: (c) => `table.string('${c}', 255)`,
    sample: "'Sample text'",
  },
  text: {
    tsType: 'string',
    modelType: 'string',
    decorator: '@column()',
    columnBuilder: (c) => `table.text('${c}')`,
    sample: "'A longer sample text'",
  },
  int: {
    tsType: 'number',
    modelType: 'number',
    decorator: '@column()',
    columnBuilder: (c) => `table.integer('${c}')`,
    sample: '42',
  },
  decimal: {
    tsType: 'number',
    modelType: 'string | number',
    decorator: '@column()',
    columnBuilder: (c) => `table.decimal('${c}', 18, 4)`,
    sample: '9.99',
  },
  number: {
    tsType: 'number',
    modelType: 'number',
    decorator: '@column()',
    columnBuilder: (c) => `table.double('${c}')`,
    sample: '1.5',
  },
  boolean: {
    tsType: 'boolean',
    modelType: 'boolean | number',
    decorator: '@column()',
    columnBuilder: (c) => `table.boolean('${c}')`,
    sample: 'true',
  },
  date: {
    tsType: 'Date',
    modelType: 'DateTime',
    decorator: '@column.date()',
    columnBuilder: (c) => `table.date('${c}')`,
    sample: "new Date('2026-01-15T00:00:00.000Z')",
  },
  datetime: {
    tsType: 'Date',
    modelType: 'DateTime',
    decorator: '@column.dateTime()',
    columnBuilder: (c) => `table.timestamp('${c}', { useTz: true })`,
    sample: "new Date('2026-01-15T10:30:00.000Z')",
  },
  uuid: {
    tsType: 'string',
    modelType: 'string',
    decorator: '@column()',
    columnBuilder: (c) => `table.uuid('${c}')`,
    sample: "'0190a5a8-0000-7000-8000-000000000001'",
  },
  json: {
    tsType: 'unknown',
    modelType: 'unknown',
    decorator:
      "@column({ prepare: (value: unknown) => JSON.stringify(value), consume: (value: unknown) => (typeof value === 'string' ? JSON.parse(value) : value) })",
    columnBuilder: (c) => `table.json('${c}')`,
    sample: '{ sample: true }',
  },
}

/**
 * Reads `--properties "Name:string,Price:decimal,Notes:text?"`. Refuses an unknown type with the
 * list of valid ones, and bad, duplicate or reserved property names.
 */
export function parseProperties(raw: string | undefined): PropertySpec[] {
  if (!raw || raw.trim() === '') {
    throw new ScaffoldError(
      '--properties is required, e.g. --properties "Name:string,Price:decimal"'
    )
  }
  const specs: PropertySpec[] = []
  for (const entry of raw
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean)) {
    const match = /^([^:]+):([a-z]+)(\?)?$/.exec(entry)
    if (!match) {
      throw new ScaffoldError(
        `"${entry}" is not a property: write Name:type, or Name:type? for optional`
      )
    }
    const [, pascal, type, optional] = match
    assertPascalCaseName(pascal, 'property', { sql: true })
    if (!(PROPERTY_TYPES as readonly string[]).includes(type)) {
      throw new ScaffoldError(
        `"${type}" is not a property type (in ${entry})`,
        `Valid types: ${PROPERTY_TYPES.join(', ')}; add ? for optional (Notes:text?)`
      )
    }
    const field = camelCase(pascal)
    if (TAKEN.has(field)) {
      throw new ScaffoldError(
        `"${pascal}" is a name the entity uses itself: choose another property name`
      )
    }
    if (specs.some((spec) => spec.field === field)) {
      throw new ScaffoldError(`The property ${pascal} is listed twice`)
    }
    const mapping = TYPE_MAPPINGS[type as PropertyType]
    const isOptional = optional === '?'
    specs.push({
      pascal,
      field,
      column: snakeCase(pascal),
      type: type as PropertyType,
      optional: isOptional,
      tsType: isOptional ? `${mapping.tsType} | null` : mapping.tsType,
      modelType: isOptional ? `${mapping.modelType} | null` : mapping.modelType,
      decorator: mapping.decorator,
      columnBuilder: mapping.columnBuilder(snakeCase(pascal)),
      sample: mapping.sample,
    })
  }
  return specs
}

/** Entity value → model value, for the repository. */
export function toModelExpression(spec: PropertySpec, source: string): string {
  const value = `${source}.${spec.field}`
  if (spec.type === 'date' || spec.type === 'datetime') {
    const convert = `DateTime.fromJSDate(${value}, { zone: 'utc' })`
    return spec.optional ? `${value} === null ? null : ${convert}` : convert
  }
  return value
}

/** Model value → entity value, for the repository. */
export function fromModelExpression(spec: PropertySpec, row: string): string {
  const value = `${row}.${spec.field}`
  const convert =
    spec.type === 'date' || spec.type === 'datetime'
      ? `${value}.toJSDate()`
      : spec.type === 'decimal' || spec.type === 'int' || spec.type === 'number'
        ? `Number(${value})`
        : spec.type === 'boolean'
          ? `Boolean(${value})`
          : value
  if (convert === value) return spec.optional ? `${value} ?? null` : value
  return spec.optional ? `${value} === null || ${value} === undefined ? null : ${convert}` : convert
}
