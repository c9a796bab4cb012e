import {
  type EntityDefinition,
  type PropertyDefinition,
  type PropertyType,
} from '../building_blocks/domain/entity_definition.js'
import { LIST_PARAMETERS } from '../building_blocks/application/list_parameter_names.js'
import { assertPropertyCount } from './definition_limits.js'
import { type AggregatePart, partsOf } from './aggregate_parts.js'
import { entityNames, type EntityNames } from './entity_names.js'
import { orNull, propertySpec } from './entity_properties.js'
import {
  decimalDigits,
  decimalMax,
  enumArray,
  enumUnion,
  parsePropertyEntry,
  splitPropertyList,
  stringLength,
} from './property_syntax.js'
import { assertPascalCaseName, camelCase, snakeCase } from './names.js'
import { referencedOtherId, referencedSampleId } from './references.js'
import { ScaffoldError } from './scaffold_error.js'

/** What a command or query name says it does to which entity, when it follows a CRUD convention. */
export type CrudIntent =
  | {
      kind: 'create' | 'update' | 'patch' | 'delete' | 'getById' | 'list'
      entity: EntityDefinition
      names: EntityNames
    }
  | { kind: 'custom' }

/** The entities a CRUD use case can be about: a part goes through its aggregate's. */
function withUseCases(entities: EntityDefinition[]): EntityDefinition[] {
  return entities.filter((entity) => entity.partOf === undefined)
}

export function commandIntent(name: string, all: EntityDefinition[]): CrudIntent {
  const entities = withUseCases(all)
  const match = /^(Create|Update|Patch|Delete)([A-Z][A-Za-z0-9]*)$/.exec(name)
  const entity = match && entities.find((candidate) => candidate.name === match[2])
  if (!match || !entity) return { kind: 'custom' }
  const kind = match[1].toLowerCase() as 'create' | 'update' | 'patch' | 'delete'
  return { kind, entity, names: entityNames(entity.name) }
}

export function queryIntent(name: string, all: EntityDefinition[]): CrudIntent {
  const entities = withUseCases(all)
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

type BaseType = Exclude<PropertyType, 'enum' | 'reference'>

const TS_TYPES: Record<BaseType, string> = {
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
const DTO_TYPES: Record<BaseType, string> = { ...TS_TYPES, date: 'string', datetime: 'string' }

/**
 * A command carries a reference as the referenced entity's id (its validator reads it into one);
 * a DTO as the id's text.
 */
function tsType(
  property: PropertyDefinition,
  types: Record<BaseType, string>,
  reference: 'id' | 'text' = 'id'
): string {
  const type =
    property.type === 'enum'
      ? enumUnion(property)
      : property.type === 'reference'
        ? reference === 'id'
          ? `${property.entity}Id`
          : 'string'
        : types[property.type]
  return property.optional ? orNull(type) : type
}

/**
 * Each rule refuses (400) what its column cannot hold exactly: integers beyond 32 bits, decimals
 * beyond their numeric(precision, scale) (`maxDecimalPlaces` counts the places of the number
 * itself, where VineJS's decimal() reads its text, in exponent form below 1e-6), strings longer
 * than their column in characters (as PostgreSQL counts them: `maxCharacters`, where VineJS's
 * maxLength counts UTF-16 code units), values outside an enum. A date is the calendar date sent,
 * at midnight UTC in any time zone; a datetime is an RFC 3339 text (`dateTimeText`, where
 * VineJS's iso8601 date took any text the Date parser reads: "1", "2026-02-30").
 */
export function baseVineRule(property: PropertyDefinition): string {
  switch (property.type) {
    case 'string':
      return `vine.string().trim().minLength(1).use(maxCharacters(${stringLength(property)}))`
    case 'text':
      return 'vine.string().trim()'
    case 'int':
      return 'vine.number({ strict: true }).withoutDecimals().range([-2147483648, 2147483647])'
    case 'decimal': {
      const max = decimalMax(property)
      return `vine.number({ strict: true }).use(maxDecimalPlaces(${decimalDigits(property).scale})).range([-${max}, ${max}])`
    }
    case 'number':
      return 'vine.number({ strict: true })'
    case 'boolean':
      return 'vine.boolean({ strict: true })'
    case 'date':
      return "vine.date({ formats: ['YYYY-MM-DD'] })"
    case 'datetime':
      return 'vine.string().use(dateTimeText())'
    case 'uuid':
    case 'reference':
      return 'vine.string().uuid()'
    case 'json':
      return 'vine.any()'
    case 'enum':
      return `vine.enum(${enumArray(property)})`
  }
}

/** Reads a reference's checked text into the referenced entity's id. */
function toReferencedId(property: PropertyDefinition): string {
  return `(value) => ${property.entity}Id.parse(value)`
}

/**
 * VineJS reads `yyyy-MM-dd` as midnight in the process's zone; a date property is midnight UTC
 * of that calendar date, so it stays the same date in any zone.
 */
const AT_UTC_MIDNIGHT = 'new Date(Date.UTC(date.getFullYear(), date.getMonth(), date.getDate()))'

function vineRule(property: PropertyDefinition): string {
  const rule = baseVineRule(property)
  if (property.type === 'date') {
    return property.optional
      ? `${rule}.nullable().transform((date) => date && ${AT_UTC_MIDNIGHT}).optional()`
      : `${rule}.transform((date) => ${AT_UTC_MIDNIGHT})`
  }
  if (property.type === 'datetime') {
    // The text is checked as a string (dateTimeText), then read as the instant it names.
    return property.optional
      ? `${rule}.nullable().transform((text) => (text === null ? null : dateTimeFromText(text))).optional()`
      : `${rule}.transform(dateTimeFromText)`
  }
  if (property.type === 'reference') {
    return property.optional
      ? `${rule}.nullable().transform((value) => (value === null ? null : ${property.entity}Id.parse(value))).optional()`
      : `${rule}.transform(${toReferencedId(property)})`
  }
  return property.optional ? `${rule}.nullable().optional()` : rule
}

/** The constant of the entity's repository that lists what a list sorts and filters by. */
export function listFieldsName(entitySnake: string): string {
  return `${entitySnake.toUpperCase()}_LIST_FIELDS`
}

/** The types a list sorts and filters by: every one but long text and JSON. */
export function isListed(property: PropertyDefinition): boolean {
  return property.type !== 'text' && property.type !== 'json'
}

/** The types a list also filters by range: `price[gte]=10`. */
function isRanged(property: PropertyDefinition): boolean {
  return ['int', 'decimal', 'number', 'date', 'datetime'].includes(property.type)
}

/**
 * The rule of a list's filter on the property, for a value from the query string: numbers and
 * booleans arrive as text, so no `strict`; an int stays within its column, as PostgreSQL refuses
 * to compare an integer column with a larger number; a date or datetime is read as a command
 * reads it.
 */
function filterRule(property: PropertyDefinition): string {
  switch (property.type) {
    case 'int':
      return 'vine.number().withoutDecimals().range([-2147483648, 2147483647])'
    case 'decimal':
    case 'number':
      return 'vine.number()'
    case 'boolean':
      return "vine.enum(['true', 'false']).transform((value) => value === 'true')"
    case 'date':
      return `vine.date({ formats: ['YYYY-MM-DD'] }).transform((date) => ${AT_UTC_MIDNIGHT})`
    case 'datetime':
      return 'vine.string().use(dateTimeText()).transform(dateTimeFromText)'
    case 'string':
      return 'vine.string()'
    default:
      return baseVineRule(property)
  }
}

/** The VineJS schema of each type as a DTO carries it, for the response schemas of API documents. */
function representationRule(property: PropertyDefinition): string {
  switch (property.type) {
    case 'int':
      return 'vine.number().withoutDecimals()'
    case 'decimal':
    case 'number':
      return 'vine.number()'
    case 'boolean':
      return 'vine.boolean()'
    case 'date':
      return "vine.string().meta({ format: 'date' })"
    case 'datetime':
      return "vine.string().meta({ format: 'date-time' })"
    case 'uuid':
    case 'reference':
      return 'vine.string().uuid()'
    case 'json':
      return 'vine.any()'
    case 'enum':
      return `vine.enum(${enumArray(property)})`
    default:
      return 'vine.string()'
  }
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
  /** A partial update's field of a required property: it may be left out, never null. */
  refusesNull?: boolean
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
  /** The part it holds a list of, for the field of an aggregate's parts. */
  part?: EntityNames
}

/** A valid JSON value of the property, for tests. */
function sample(property: PropertyDefinition): string {
  switch (property.type) {
    case 'date':
      return "'2026-01-15'"
    case 'datetime':
      return "'2026-01-15T10:30:00.000Z'"
    case 'reference':
      return `'${referencedSampleId(property.entity!)}'`
    default:
      // The entity's samples are JSON-ready for every other type, options considered.
      return propertySpec('Sample', property).sample
  }
}

export function entityFields(entity: EntityDefinition, source = 'entity'): FieldSpec[] {
  return [
    ...propertyFields(entity, source),
    ...partsOf(entity).map((part) => partField(part, source)),
  ]
}

/**
 * One part of an item as JSON and as the entity holds it, for tests: its samples, or (`other`)
 * another value where a property has one.
 */
function partItem(part: AggregatePart, other: boolean): { json: string; entity: string } {
  const properties = Object.entries(part.definition.properties)
  const value = (property: PropertyDefinition, form: 'json' | 'entity') => {
    const changed = other ? otherSample(property) : undefined
    if (changed) return changed[form]
    return form === 'json' ? sample(property) : propertySpec('Sample', property).sample
  }
  const object = (form: 'json' | 'entity') =>
    `{ ${properties.map(([field, property]) => `${field}: ${value(property, form)}`).join(', ')} }`
  return { json: object('json'), entity: object('entity') }
}

/**
 * Samples of an aggregate's parts for tests: two items (the second with other values, so that
 * their order shows), and, as another value of the list, the second alone.
 */
export function partSamples(part: AggregatePart) {
  const first = partItem(part, false)
  const second = partItem(part, true)
  const two = (form: 'json' | 'entity') =>
    part.maxItems >= 2 ? `[${first[form]}, ${second[form]}]` : `[${first[form]}]`
  return {
    json: two('json'),
    entity: two('entity'),
    other:
      part.minItems <= 1 ? { json: `[${second.json}]`, entity: `[${second.entity}]` } : undefined,
  }
}

/**
 * The field of an aggregate's parts: a list of objects, each property validated as on its own
 * (an error names `lines.1.quantity`), bounded in count; a command carries `New<Part>` items.
 */
function partField(part: AggregatePart, source: string): FieldSpec {
  const items = propertyFields(part.definition, 'item')
  const object = (key: 'rule' | 'representation') =>
    `vine.object({ ${items.map((item) => `${item.field}: ${item[key]}`).join(', ')} })`
  return {
    field: part.field,
    optional: false,
    tsType: `New${part.names.pascal}[]`,
    dtoType: `{ ${items.map((item) => `${item.field}: ${item.dtoType}`).join('; ')} }[]`,
    rule: `vine.array(${object('rule')}).minLength(${part.minItems}).maxLength(${part.maxItems})`,
    representation: `vine.array(${object('representation')})`,
    toDto: `${source}.${part.field}.map((item) => ({ ${items.map((item) => `${item.field}: ${item.toDto}`).join(', ')} }))`,
    sample: partSamples(part).json,
    column: '',
    part: part.names,
  }
}

function propertyFields(entity: EntityDefinition, source: string): FieldSpec[] {
  return Object.entries(entity.properties).map(([field, property]) => {
    const value = `${source}.${field}`
    const isDate = property.type === 'date' || property.type === 'datetime'
    const dateText =
      property.type === 'date' ? `${value}.toISOString().slice(0, 10)` : `${value}.toISOString()`
    return {
      field,
      optional: property.optional,
      mayBeAbsent: property.optional || property.type === 'json',
      tsType: tsType(property, TS_TYPES),
      dtoType: tsType(property, DTO_TYPES, 'text'),
      rule: vineRule(property),
      // vine.any() takes null already.
      representation:
        property.optional && property.type !== 'json'
          ? `${representationRule(property)}.nullable()`
          : representationRule(property),
      toDto: isDate
        ? property.optional
          ? `${value} === null ? null : ${dateText}`
          : dateText
        : value,
      sample: sample(property),
      column: snakeCase(field),
    }
  })
}

/** One field a list sorts and filters by: its filter's rule, and whether it takes a range. */
export interface ListedField {
  field: string
  rule: string
  ranged: boolean
  /**
   * For tests: a valid value other than the sample, below it where the field takes a range, as
   * JSON and as the entity holds it; none for an enum of one value.
   */
  other?: { json: string; entity: string }
}

/**
 * A value of the property other than its sample (smaller, for a range), for tests: as JSON and
 * as the entity holds it. None for an enum of one value.
 */
export function otherSample(property: PropertyDefinition): ListedField['other'] {
  const same = (json: string) => ({ json, entity: json })
  switch (property.type) {
    case 'string':
      return same("'X'")
    case 'text':
      return same("'Another text'")
    case 'json':
      return same("[1, 'other']")
    case 'int':
      return same('41')
    case 'decimal':
      return same('0')
    case 'number':
      return same('0.5')
    case 'boolean':
      return same('false')
    case 'date':
      return { json: "'2026-01-14'", entity: "new Date('2026-01-14T00:00:00.000Z')" }
    case 'datetime':
      return {
        json: "'2026-01-15T10:29:00.000Z'",
        entity: "new Date('2026-01-15T10:29:00.000Z')",
      }
    case 'uuid':
      return same("'0190a5a8-0000-7000-8000-000000000002'")
    case 'reference': {
      // The second row the tests store of the referenced entity.
      const id = referencedOtherId(property.entity!)
      return { json: `'${id}'`, entity: `${property.entity}Id.parse('${id}')` }
    }
    case 'enum':
      return property.values!.length > 1 ? same(`'${property.values![1]}'`) : undefined
    default:
      return undefined
  }
}

/** The fields a list of the entity sorts by, in the definition's order. */
export function sortedFields(entity: EntityDefinition): string[] {
  return Object.entries(entity.properties)
    .filter(([, property]) => isListed(property))
    .map(([field]) => field)
}

/** The fields a list of the entity filters by, in the definition's order. */
export function listedFields(entity: EntityDefinition): ListedField[] {
  return Object.entries(entity.properties)
    .filter(([field, property]) => isListed(property) && !LIST_PARAMETERS.has(field))
    .map(([field, property]) => ({
      field,
      rule: filterRule(property),
      ranged: isRanged(property),
      other: otherSample(property),
    }))
}

/**
 * The rule of a property in a partial update (PATCH, JSON Merge Patch): every field may be left
 * out (unchanged); an optional one takes null (cleared), a required one refuses it (`notNull`,
 * as VineJS would drop a null silently), then reads the value as a create does.
 */
function patchRule(property: PropertyDefinition): string {
  if (property.optional) return vineRule(property)
  const rule = `${baseVineRule(property)}.use(notNull())`
  if (property.type === 'date') return `${rule}.transform((date) => ${AT_UTC_MIDNIGHT}).optional()`
  if (property.type === 'datetime') return `${rule}.transform(dateTimeFromText).optional()`
  if (property.type === 'reference')
    return `${rule}.transform(${toReferencedId(property)}).optional()`
  return `${rule}.optional()`
}

/**
 * The fields of a partial update of the entity: each property, which the command may leave out
 * (`undefined`: unchanged) and, when optional, clear (`null`).
 */
export function patchFields(entity: EntityDefinition): FieldSpec[] {
  return entityFields(entity).map((field) => ({
    ...field,
    // A list of parts is replaced whole when sent; it cannot be cleared.
    rule: field.part
      ? `${field.rule}.use(notNull()).optional()`
      : patchRule(entity.properties[field.field]),
    optional: true,
    mayBeAbsent: true,
    refusesNull: field.part !== undefined || !entity.properties[field.field].optional,
  }))
}

/** The rules (and conversions) of the kit that the fields' validator uses, to import them. */
const KIT_RULES = [
  'maxCharacters',
  'maxDecimalPlaces',
  'dateTimeText',
  'dateTimeFromText',
  'notNull',
]

/** What a command's validator imports from the kit's application layer, for its fields. */
export function validatorKitImports(fields: FieldSpec[]): string[] {
  const used = KIT_RULES.filter((rule) =>
    fields.some((field) => new RegExp(`\\b${rule}\\b`).test(field.rule))
  )
  return ['defineCommandValidator', ...used]
}

/**
 * Reads add-command's `--fields "Quantity:int,Note:text?"` (the property types of add-entity; `?`
 * for optional) into the fields of a command outside the CRUD conventions.
 */
export function parseCommandFields(raw: string): FieldSpec[] {
  const entries = splitPropertyList(raw)
  assertPropertyCount(entries.length, 'fields', 'in --fields')
  const properties: Record<string, PropertyDefinition> = {}
  for (const entry of entries) {
    const { pascal, definition } = parsePropertyEntry(entry, 'field')
    assertPascalCaseName(pascal, 'field')
    const field = camelCase(pascal)
    if (field in properties) throw new ScaffoldError(`The field ${pascal} is listed twice`)
    properties[field] = definition
  }
  return entityFields({ name: 'Command', aggregate: false, properties })
}
