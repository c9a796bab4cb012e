import type {
  PropertyDefinition,
  PropertyType,
} from '../building_blocks/domain/entity_definition.js'
import { assertPropertyCount } from './definition_limits.js'
import { assertPascalCaseName, camelCase, snakeCase } from './names.js'
import {
  columnBuilder,
  decimalDigits,
  enumArray,
  enumUnion,
  parsePropertyEntry,
  splitPropertyList,
  stringLength,
} from './property_syntax.js'
import { referencedSampleId, referencePascal } from './references.js'
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
  /** The TypeScript type of the column's value, as the drivers return it. */
  modelType: string
  /** The knex column builder for a migration (without .nullable()/.notNullable()). */
  columnBuilder: string
  /** A valid literal for tests. */
  sample: string
  /** The property as its entity definition holds it, options included. */
  definition: PropertyDefinition
  /** That definition as a TypeScript object literal, for the definition file. */
  definitionLiteral: string
}

/** An optional property's type: `| null` added, except to `unknown`, which holds null already. */
export function orNull(type: string): string {
  return type === 'unknown' ? type : `${type} | null`
}

/** Names the entity already uses for itself. */
const TAKEN = new Set([
  'id',
  'version',
  'create',
  'restore',
  'toSnapshot',
  'withChanges',
  'markDeleted',
  'raise',
  'pullDomainEvents',
  'equals',
])

interface TypeMapping {
  tsType: string
  modelType: string
  sample: string
}

const TYPE_MAPPINGS: Record<Exclude<PropertyType, 'enum' | 'reference'>, TypeMapping> = {
  string: { tsType: 'string', modelType: 'string', sample: "'Sample text'" },
  text: { tsType: 'string', modelType: 'string', sample: "'A longer sample text'" },
  int: { tsType: 'number', modelType: 'number', sample: '42' },
  decimal: { tsType: 'number', modelType: 'string | number', sample: '9.99' },
  number: { tsType: 'number', modelType: 'number', sample: '1.5' },
  boolean: { tsType: 'boolean', modelType: 'boolean | number', sample: 'true' },
  date: {
    tsType: 'Date',
    modelType: 'Date | string',
    sample: "new Date('2026-01-15T00:00:00.000Z')",
  },
  datetime: {
    tsType: 'Date',
    modelType: 'Date | string',
    sample: "new Date('2026-01-15T10:30:00.000Z')",
  },
  uuid: { tsType: 'string', modelType: 'string', sample: "'0190a5a8-0000-7000-8000-000000000001'" },
  json: { tsType: 'unknown', modelType: 'unknown', sample: '{ sample: true }' },
}

/** The TypeScript types of a property and a sample value, its options considered. */
function typeMapping(property: PropertyDefinition): TypeMapping {
  if (property.type === 'enum') {
    // The column's CHECK holds it to the values, so the model reads the union too.
    const union = enumUnion(property)
    return { tsType: union, modelType: union, sample: `'${property.values![0]}'` }
  }
  if (property.type === 'reference') {
    // Typed by the referenced entity's id; the sample is the row its tests store first.
    const idClass = `${property.entity}Id`
    const sample = `${idClass}.parse('${referencedSampleId(property.entity!)}')`
    return { tsType: idClass, modelType: 'string', sample }
  }
  const mapping = TYPE_MAPPINGS[property.type]
  if (property.type === 'string') {
    return { ...mapping, sample: `'${'Sample text'.slice(0, stringLength(property))}'` }
  }
  if (property.type === 'decimal') return { ...mapping, sample: decimalSample(property) }
  return mapping
}

/** 9.99 when the column holds it; else the largest value it holds below 10 (9.9, 9, 0.99…). */
function decimalSample(property: PropertyDefinition): string {
  const { precision, scale } = decimalDigits(property)
  const whole = precision - scale >= 1 ? '9' : '0'
  const fraction = '9'.repeat(Math.min(2, scale))
  return fraction === '' ? whole : `${whole}.${fraction}`
}

/** The definition file's literal of a property: { type: 'enum', optional: false, values: […] }. */
function definitionLiteral(property: PropertyDefinition): string {
  const options = [
    property.length === undefined ? '' : `, length: ${property.length}`,
    property.precision === undefined ? '' : `, precision: ${property.precision}`,
    property.scale === undefined ? '' : `, scale: ${property.scale}`,
    property.values === undefined ? '' : `, values: ${enumArray(property)}`,
    property.entity === undefined ? '' : `, entity: '${property.entity}'`,
    property.unique ? ', unique: true' : '',
  ].join('')
  return `{ type: '${property.type}', optional: ${property.optional}${options} }`
}

/**
 * Reads `--properties "Name:string,Price:decimal,Notes:text?"`. Refuses more than MAX_PROPERTIES
 * before reading any, an unknown type with the list of valid ones, and bad, duplicate or
 * reserved property names.
 */
export function parseProperties(
  raw: string | undefined,
  /** Where the list was read, for the error: a flag, a definition, a contract's tag. */
  where = 'in --properties'
): PropertySpec[] {
  if (!raw || raw.trim() === '') {
    throw new ScaffoldError(
      '--properties is required, e.g. --properties "Name:string,Price:decimal"'
    )
  }
  const entries = splitPropertyList(raw)
  assertPropertyCount(entries.length, 'properties', where)
  const specs: PropertySpec[] = []
  for (const entry of entries) {
    const parsed = parsePropertyEntry(entry, 'property')
    const { definition } = parsed
    const pascal = definition.type === 'reference' ? referencePascal(parsed.pascal) : parsed.pascal
    assertPascalCaseName(pascal, 'property', { sql: true })
    const field = camelCase(pascal)
    if (TAKEN.has(field)) {
      throw new ScaffoldError(
        `"${pascal}" is a name the entity uses itself: choose another property name`
      )
    }
    if (specs.some((spec) => spec.field === field)) {
      throw new ScaffoldError(`The property ${pascal} is listed twice`)
    }
    specs.push(propertySpec(pascal, definition))
  }
  return specs
}

/** Everything the templates need about one property, from its name and definition. */
export function propertySpec(pascal: string, definition: PropertyDefinition): PropertySpec {
  const mapping = typeMapping(definition)
  const column = snakeCase(pascal)
  return {
    pascal,
    field: camelCase(pascal),
    column,
    type: definition.type,
    optional: definition.optional,
    tsType: definition.optional ? orNull(mapping.tsType) : mapping.tsType,
    modelType: definition.optional ? orNull(mapping.modelType) : mapping.modelType,
    columnBuilder: columnBuilder(column, definition),
    sample: mapping.sample,
    definition,
    definitionLiteral: definitionLiteral(definition),
  }
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

/** The value of the spec's column in `row` (as the driver returns it) → entity value. */
export function fromColumnExpression(spec: PropertySpec, row: string): string {
  const value = `${row}.${spec.column}`
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
            : spec.type === 'reference'
              ? `${spec.definition.entity}Id.parse(${value})`
              : value
  if (convert === value) return spec.optional ? `${value} ?? null` : value
  return spec.optional ? `${value} === null || ${value} === undefined ? null : ${convert}` : convert
}
