import {
  PROPERTY_TYPES,
  type EntityDefinition,
  type PropertyDefinition,
  type PropertyType,
} from '../building_blocks/domain/entity_definition.js'
import { entityNames, type EntityNames } from './entity_names.js'
import { DECIMAL_PRECISION, DECIMAL_SCALE, orNull } from './entity_properties.js'
import { assertPascalCaseName, camelCase, snakeCase } from './names.js'
import { ScaffoldError } from './scaffold_error.js'

/** What a command or query name says it does to which entity, when it follows a CRUD convention. */
export type CrudIntent =
  | {
      kind: 'create' | 'update' | 'delete' | 'getById' | 'list'
      entity: EntityDefinition
      names: EntityNames
    }
  | { kind: 'custom' }

export function commandIntent(name: string, entities: EntityDefinition[]): CrudIntent {
  const match = /^(Create|Update|Delete)([A-Z][A-Za-z0-9]*)$/.exec(name)
  const entity = match && entities.find((candidate) => candidate.name === match[2])
  if (!match || !entity) return { kind: 'custom' }
  const kind = match[1].toLowerCase() as 'create' | 'update' | 'delete'
  return { kind, entity, names: entityNames(entity.name) }
}

export function queryIntent(name: string, entities: EntityDefinition[]): CrudIntent {
  const byId = /^Get([A-Z][A-Za-z0-9]*)ById$/.exec(name)
  const byIdEntity = byId && entities.find((candidate) => candidate.name === byId[1])
  if (byId && byIdEntity)
    return { kind: 'getById', entity: byIdEntity, names: entityNames(byIdEntity.name) }
  const list = /^List([A-Z][A-Za-z0-9]*)$/.exec(name)
  const listed =
    list && entities.find((candidate) => entityNames(candidate.name).plural === list[1])
  if (list && listed) return { kind: 'list', entity: listed, names: entityNames(listed.name) }
  return { kind: 'custom' }
}

const TS_TYPES: Record<PropertyType, string> = {
  string: 'string',
  text: 'string',
  int: 'number',
  decimal: 'number',
  number: 'number',
  boolean: 'boolean',
  date: 'Date',
  datetime: 'Date',
  uuid: 'string',
  json: 'unknown',
}

/** JSON has no dates: DTOs carry them as ISO 8601 strings. */
const DTO_TYPES: Record<PropertyType, string> = { ...TS_TYPES, date: 'string', datetime: 'string' }

/** The largest decimal numeric(15, 4) holds: 11 digits before the point, 4 after. */
const DECIMAL_MAX = `${'9'.repeat(DECIMAL_PRECISION - DECIMAL_SCALE)}.${'9'.repeat(DECIMAL_SCALE)}`

/**
 * Each rule refuses (400) what its column cannot hold exactly: integers beyond 32 bits, decimals
 * beyond numeric(15, 4). A date is the calendar date sent, at midnight UTC in any time zone.
 */
const VINE_RULES: Record<PropertyType, string> = {
  string: 'vine.string().trim().minLength(1).maxLength(255)',
  text: 'vine.string().trim()',
  int: 'vine.number({ strict: true }).withoutDecimals().range([-2147483648, 2147483647])',
  decimal: `vine.number({ strict: true }).decimal([0, ${DECIMAL_SCALE}]).range([-${DECIMAL_MAX}, ${DECIMAL_MAX}])`,
  number: 'vine.number({ strict: true })',
  boolean: 'vine.boolean({ strict: true })',
  date: "vine.date({ formats: ['YYYY-MM-DD'] })",
  datetime: "vine.date({ formats: { utc: true, format: 'iso8601' } })",
  uuid: 'vine.string().uuid()',
  json: 'vine.any()',
}

/**
 * VineJS reads `yyyy-MM-dd` as midnight in the process's zone; a date property is midnight UTC
 * of that calendar date, so it stays the same date in any zone.
 */
const AT_UTC_MIDNIGHT = 'new Date(Date.UTC(date.getFullYear(), date.getMonth(), date.getDate()))'

function vineRule(type: PropertyType, optional: boolean): string {
  const rule = VINE_RULES[type]
  if (type === 'date') {
    return optional
      ? `${rule}.nullable().transform((date) => date && ${AT_UTC_MIDNIGHT}).optional()`
      : `${rule}.transform((date) => ${AT_UTC_MIDNIGHT})`
  }
  return optional ? `${rule}.nullable().optional()` : rule
}

/** The VineJS schema of each type as a DTO carries it, for the response schemas of API documents. */
const REPRESENTATION_RULES: Record<PropertyType, string> = {
  string: 'vine.string()',
  text: 'vine.string()',
  int: 'vine.number().withoutDecimals()',
  decimal: 'vine.number()',
  number: 'vine.number()',
  boolean: 'vine.boolean()',
  date: "vine.string().meta({ format: 'date' })",
  datetime: "vine.string().meta({ format: 'date-time' })",
  uuid: 'vine.string().uuid()',
  json: 'vine.any()',
}

/** One field of a generated command, query or DTO. */
export interface FieldSpec {
  field: string
  optional: boolean
  /**
   * The command declares the field with `?`: optional fields, and required JSON, whose VineJS
   * output (`any`) may be absent as far as TypeScript can tell; the validator still requires it.
   */
  mayBeAbsent?: boolean
  /** Type in the command/query (`| null` when optional). */
  tsType: string
  /** Type in the DTO. */
  dtoType: string
  /** The VineJS rule for the field. */
  rule: string
  /** The VineJS schema of the DTO value, for the endpoint's response schema. */
  representation: string
  /** Entity value → DTO value. */
  toDto: string
  /** A valid JSON value for tests. */
  sample: string
  column: string
}

const SAMPLES: Record<PropertyType, string> = {
  string: "'Sample text'",
  text: "'A longer sample text'",
  int: '42',
  decimal: '9.99',
  number: '1.5',
  boolean: 'true',
  date: "'2026-01-15'",
  datetime: "'2026-01-15T10:30:00.000Z'",
  uuid: "'0190a5a8-0000-7000-8000-000000000001'",
  json: '{ sample: true }',
}

export function entityFields(entity: EntityDefinition, source = 'entity'): FieldSpec[] {
  return Object.entries(entity.properties).map(([field, property]) => {
    const value = `${source}.${field}`
    const isDate = property.type === 'date' || property.type === 'datetime'
    const dateText =
      property.type === 'date' ? `${value}.toISOString().slice(0, 10)` : `${value}.toISOString()`
    return {
      field,
      optional: property.optional,
      mayBeAbsent: property.optional || property.type === 'json',
      tsType: property.optional ? orNull(TS_TYPES[property.type]) : TS_TYPES[property.type],
      dtoType: property.optional ? orNull(DTO_TYPES[property.type]) : DTO_TYPES[property.type],
      rule: vineRule(property.type, property.optional),
      // vine.any() takes null already.
      representation:
        property.optional && property.type !== 'json'
          ? `${REPRESENTATION_RULES[property.type]}.nullable()`
          : REPRESENTATION_RULES[property.type],
      toDto: isDate
        ? property.optional
          ? `${value} === null ? null : ${dateText}`
          : dateText
        : value,
      sample: SAMPLES[property.type],
      column: snakeCase(field),
    }
  })
}

/**
 * Reads add-command's `--fields "Quantity:int,Note:text?"` (the property types of add-entity; `?`
 * for optional) into the fields of a command outside the CRUD conventions.
 */
export function parseCommandFields(raw: string): FieldSpec[] {
  const properties: Record<string, PropertyDefinition> = {}
  for (const entry of raw
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean)) {
    const match = /^([^:]+):([a-z]+)(\?)?$/.exec(entry)
    if (!match) {
      throw new ScaffoldError(
        `"${entry}" is not a field: write Name:type, or Name:type? for optional`
      )
    }
    const [, pascal, type, optional] = match
    assertPascalCaseName(pascal, 'field')
    if (!(PROPERTY_TYPES as readonly string[]).includes(type)) {
      throw new ScaffoldError(
        `"${type}" is not a field type (in ${entry})`,
        `Valid types: ${PROPERTY_TYPES.join(', ')}; add ? for optional (Note:text?)`
      )
    }
    const field = camelCase(pascal)
    if (field in properties) throw new ScaffoldError(`The field ${pascal} is listed twice`)
    properties[field] = { type: type as PropertyType, optional: optional === '?' }
  }
  return entityFields({ name: 'Command', aggregate: false, properties })
}
