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

/**
 * The generated decimal column, numeric(15, 4): fifteen significant digits, which a JavaScript
 * number holds exactly, so a decimal goes through JSON, the entity and both databases unchanged.
 */
export const DECIMAL_PRECISION = 15
export const DECIMAL_SCALE = 4

/** An optional property's type: `| null` added, except to `unknown`, which holds null already. */
export function orNull(type: string): string {
  return type === 'unknown' ? type : `${type} | null`
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
    columnBuilder: (c) => `table.decimal('${c}', ${DECIMAL_PRECISION}, ${DECIMAL_SCALE})`,
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
    modelType: 'Date | string',
    decorator: '@column()',
    columnBuilder: (c) => `table.date('${c}')`,
    sample: "new Date('2026-01-15T00:00:00.000Z')",
  },
  datetime: {
    tsType: 'Date',
    modelType: 'Date | string',
    decorator: '@column()',
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
    decorator: '@column()',
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
      tsType: isOptional ? orNull(mapping.tsType) : mapping.tsType,
      modelType: isOptional ? orNull(mapping.modelType) : mapping.modelType,
      decorator: mapping.decorator,
      columnBuilder: mapping.columnBuilder(snakeCase(pascal)),
      sample: mapping.sample,
    })
  }
  return specs
}

/** The kit's persistence helpers a repository needs for these properties, sorted. */
export function persistenceHelpers(specs: PropertySpec[]): string[] {
  const helpers = new Set<string>()
  for (const spec of specs) {
    if (spec.type === 'date') helpers.add('fromSqlDate').add('toSqlDate')
    if (spec.type === 'datetime') helpers.add('fromSqlDateTime').add('toSqlDateTime')
    if (spec.type === 'json') helpers.add('fromSqlJson').add('toSqlJson')
  }
  return [...helpers].sort()
}

/**
 * Entity value → the value written in the column, for the repository: dates as `yyyy-MM-dd`,
 * datetimes as UTC text for the connection, JSON as its text (SQL NULL when there is none).
 */
export function toModelExpression(spec: PropertySpec, source: string): string {
  const value = `${source}.${spec.field}`
  if (spec.type === 'json') return `toSqlJson(${value})`
  const convert =
    spec.type === 'date'
      ? `toSqlDate(${value})`
      : spec.type === 'datetime'
        ? `toSqlDateTime(client, ${value})`
        : null
  if (convert === null) return value
  return spec.optional ? `${value} === null ? null : ${convert}` : convert
}

/** Column value (as the driver returns it) → entity value, for the repository. */
export function fromModelExpression(spec: PropertySpec, row: string): string {
  const value = `${row}.${spec.field}`
  if (spec.type === 'json') return `fromSqlJson(client, ${value})`
  const convert =
    spec.type === 'date'
      ? `fromSqlDate(${value})`
      : spec.type === 'datetime'
        ? `fromSqlDateTime(${value})`
        : spec.type === 'decimal' || spec.type === 'int' || spec.type === 'number'
          ? `Number(${value})`
          : spec.type === 'boolean'
            ? `Boolean(${value})`
            : value
  if (convert === value) return spec.optional ? `${value} ?? null` : value
  return spec.optional ? `${value} === null || ${value} === undefined ? null : ${convert}` : convert
}
