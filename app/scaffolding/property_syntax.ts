import {
  PROPERTY_TYPES,
  type PropertyDefinition,
  type PropertyType,
} from '../building_blocks/domain/entity_definition.js'
import { MAX_ENUM_VALUE_LENGTH, MAX_ENUM_VALUES } from './definition_limits.js'
import { ScaffoldError } from './scaffold_error.js'

/**
 * The decimal column's default, numeric(15, 4), and its limit: fifteen significant digits,
 * which a JavaScript number holds exactly, so a decimal goes through JSON, the entity and both
 * databases unchanged.
 */
const DECIMAL_PRECISION = 15
const DECIMAL_SCALE = 4
const STRING_LENGTH = 255
/** PostgreSQL's limit for varchar(n). */
const MAX_STRING_LENGTH = 10_485_760
const ENUM_VALUE = /^[A-Za-z0-9][A-Za-z0-9_.-]*$/

/** One entry of a property list, read: its name as written and what it is. */
export interface PropertyEntry {
  pascal: string
  definition: PropertyDefinition
}

/**
 * Splits `--properties` (or `--fields`) into entries: at the commas outside parentheses, so
 * `Status:enum(draft,live),Price:decimal(10,2)` is two entries.
 */
export function splitPropertyList(raw: string): string[] {
  const entries: string[] = []
  let depth = 0
  let current = ''
  for (const character of raw) {
    if (character === '(') depth++
    if (character === ')') depth = Math.max(0, depth - 1)
    if (character === ',' && depth === 0) {
      entries.push(current)
      current = ''
    } else {
      current += character
    }
  }
  entries.push(current)
  return entries.map((entry) => entry.trim()).filter(Boolean)
}

function wholeNumber(text: string, what: string, entry: string, min: number, max: number) {
  const value = /^\d+$/.test(text.trim()) ? Number(text.trim()) : Number.NaN
  if (!Number.isSafeInteger(value) || value < min || value > max) {
    throw new ScaffoldError(`${what} must be a whole number from ${min} to ${max} (in ${entry})`)
  }
  return value
}

/** Refuses an enum past MAX_ENUM_VALUES or MAX_ENUM_VALUE_LENGTH, naming its property only. */
function assertEnumBounds(values: string[], entry: string) {
  const property = entry.slice(0, entry.indexOf(':'))
  if (values.length > MAX_ENUM_VALUES) {
    throw new ScaffoldError(
      `${values.length} values were given for the enum ${property}: at most ${MAX_ENUM_VALUES} are allowed`,
      'Keep a longer list in a table of its own'
    )
  }
  const long = values.find((value) => value.length > MAX_ENUM_VALUE_LENGTH)
  if (long !== undefined) {
    throw new ScaffoldError(
      `A value of the enum ${property} is longer than ${MAX_ENUM_VALUE_LENGTH} characters (${long.slice(0, 20)}…)`
    )
  }
}

/** A reference's entity, as written in its parentheses: `references(Customer)`. */
const REFERENCED_ENTITY = /^[A-Z][A-Za-z0-9]*$/

/** The options in parentheses of a type: string(80), decimal(10,2), enum(draft,live). */
function typeOptions(type: PropertyType, args: string | undefined, entry: string) {
  if (type === 'reference') {
    const entity = args?.trim() ?? ''
    if (!REFERENCED_ENTITY.test(entity)) {
      throw new ScaffoldError(
        `A reference names the entity it refers to in PascalCase (in ${entry})`,
        'Write Customer:references(Customer): a customerId holding the id of a Customer of the same module'
      )
    }
    return { entity }
  }
  if (args === undefined) {
    if (type === 'enum') {
      throw new ScaffoldError(
        `An enum lists its values (in ${entry})`,
        'Write them in parentheses: Status:enum(draft,live)'
      )
    }
    return {}
  }
  const parts = args.split(',').map((part) => part.trim())
  if (type === 'string') {
    if (parts.length !== 1) throw new ScaffoldError(`string takes one length (in ${entry})`)
    return { length: wholeNumber(parts[0], 'A string length', entry, 1, MAX_STRING_LENGTH) }
  }
  if (type === 'decimal') {
    if (parts.length !== 2) {
      throw new ScaffoldError(
        `decimal takes its digits in all and after the point (in ${entry})`,
        'Write decimal(10,2): ten digits, two of them after the point'
      )
    }
    // More than 15 significant digits would not survive a JavaScript number.
    const precision = wholeNumber(parts[0], 'A decimal precision', entry, 1, DECIMAL_PRECISION)
    const scale = wholeNumber(parts[1], 'A decimal scale', entry, 0, precision)
    return { precision, scale }
  }
  if (type === 'enum') {
    assertEnumBounds(parts, entry)
    const bad = parts.find((value) => !ENUM_VALUE.test(value))
    if (bad !== undefined) {
      throw new ScaffoldError(
        `"${bad}" cannot be an enum value (in ${entry})`,
        'Use letters, digits, _, . and -, starting with a letter or digit'
      )
    }
    const repeated = parts.find((value, index) => parts.indexOf(value) !== index)
    if (repeated !== undefined) {
      throw new ScaffoldError(`The enum value ${repeated} is listed twice (in ${entry})`)
    }
    return { values: parts }
  }
  throw new ScaffoldError(
    `${type} takes no options (in ${entry})`,
    'Options are for string(length), decimal(precision,scale), enum(values) and references(Entity)'
  )
}

/** The modifiers a property takes after its type, Rails style: `Email:string(120):unique`. */
const PROPERTY_MODIFIERS = ['unique'] as const

/**
 * Types a unique key refuses, with the reason: an index over unbounded text or JSON is no sound
 * key (PostgreSQL has no equality for json, and a B-tree entry holds about 2.7 KB at most).
 */
const NOT_UNIQUE: Partial<Record<PropertyType, string>> = {
  text: 'text has no length bound, and an index entry holds about 2.7 KB at most on PostgreSQL: use string(n)',
  json: 'JSON values have no equality an index can use on PostgreSQL',
}

/** Refuses a unique key on a type that makes no sound index key, saying why. */
export function assertUniqueKeyType(type: PropertyType, where: string): void {
  const refused = NOT_UNIQUE[type]
  if (refused !== undefined) {
    throw new ScaffoldError(`A ${type} property cannot be a unique key (${where}): ${refused}`)
  }
}

/** The `:modifier` suffixes of an entry, checked: known, not repeated, fit for the type. */
function readModifiers(
  suffix: string,
  type: PropertyType,
  entry: string,
  what: 'property' | 'field'
): { unique?: true } {
  const modifiers = suffix.split(':').slice(1)
  if (modifiers.length === 0) return {}
  if (what === 'field') {
    throw new ScaffoldError(
      `A command's field takes no modifier (in ${entry})`,
      'A unique key belongs to an entity property: add-entity --properties "Email:string(120):unique"'
    )
  }
  for (const modifier of modifiers) {
    if (modifier.endsWith('?')) {
      throw new ScaffoldError(
        `"?" comes before the modifiers (in ${entry})`,
        'Write Ref:string(20)?:unique'
      )
    }
    if (!(PROPERTY_MODIFIERS as readonly string[]).includes(modifier)) {
      throw new ScaffoldError(
        `":${modifier}" is not a property modifier (in ${entry})`,
        `Allowed modifiers: ${PROPERTY_MODIFIERS.map((name) => `:${name}`).join(', ')} (Email:string(120):unique)`
      )
    }
  }
  if (modifiers.length > new Set(modifiers).size) {
    throw new ScaffoldError(`A modifier is written twice (in ${entry})`)
  }
  assertUniqueKeyType(type, `in ${entry}`)
  return { unique: true }
}

/** The types a property list takes, as it writes them. */
const WRITTEN_TYPES = [...PROPERTY_TYPES, 'references(Entity)'].join(', ')

/**
 * The type an entry names: a value type, or `references` (a reference to another entity, which
 * only an entity's property can be: a command's field carries ids as uuid).
 */
function propertyType(written: string, entry: string, what: 'property' | 'field'): PropertyType {
  if (written === 'references' || written === 'reference') {
    if (what === 'field') {
      throw new ScaffoldError(
        `A command's field cannot be a reference (in ${entry})`,
        'Carry the id as a uuid (CustomerId:uuid); references belong to entity properties'
      )
    }
    return 'reference'
  }
  if (!(PROPERTY_TYPES as readonly string[]).includes(written)) {
    throw new ScaffoldError(
      `"${written}" is not a ${what} type (in ${entry})`,
      `Valid types: ${WRITTEN_TYPES}; add ? for optional (Notes:text?)`
    )
  }
  return written as PropertyType
}

/**
 * Reads one `Name:type`, `Name:type(options)` or either with `?` (optional), then its modifiers:
 * `Ref:string(20)?:unique`.
 */
export function parsePropertyEntry(entry: string, what: 'property' | 'field'): PropertyEntry {
  const match = /^([^:]+):([a-z]+)(?:\(([^()]*)\))?(\?)?((?::[^:]*)*)$/.exec(entry)
  if (!match) {
    throw new ScaffoldError(
      `"${entry}" is not a ${what}: write Name:type, or Name:type? for optional`,
      what === 'property'
        ? 'Types with options: Name:string(80), Price:decimal(10,2), Status:enum(draft,live), Customer:references(Customer); a unique key: Email:string(120):unique'
        : 'Types with options: Name:string(80), Price:decimal(10,2), Status:enum(draft,live)'
    )
  }
  const [, pascal, written, args, optional, suffix] = match
  const type = propertyType(written, entry, what)
  const options = typeOptions(type, args, entry)
  const modifiers = readModifiers(suffix, type, entry, what)
  if (modifiers.unique && optional !== '?' && options.values?.length === 1) {
    throw new ScaffoldError(
      `${entry} would let the table hold one row at most: every row holds ${options.values[0]}, and no two rows the same`,
      `List the enum's other values, make it optional so that at most one row holds it (${pascal}:enum(${options.values[0]})?:unique), or leave :unique out`
    )
  }
  return {
    pascal,
    definition: {
      type,
      optional: optional === '?',
      ...options,
      ...modifiers,
    },
  }
}

/** The inverse of parsePropertyEntry: `Price:decimal(10,2)?`, `Email:string(120):unique`. */
export function formatProperty(pascal: string, property: PropertyDefinition): string {
  const options =
    property.type === 'enum'
      ? `(${(property.values ?? []).join(',')})`
      : property.type === 'string' && property.length !== undefined
        ? `(${property.length})`
        : property.type === 'decimal' && property.precision !== undefined
          ? `(${property.precision},${property.scale ?? 0})`
          : property.type === 'reference'
            ? `(${property.entity})`
            : ''
  const modifiers = property.unique ? ':unique' : ''
  const type = property.type === 'reference' ? 'references' : property.type
  return `${pascal}:${type}${options}${property.optional ? '?' : ''}${modifiers}`
}

export function stringLength(property: PropertyDefinition): number {
  return property.length ?? STRING_LENGTH
}

export function decimalDigits(property: PropertyDefinition): { precision: number; scale: number } {
  return {
    precision: property.precision ?? DECIMAL_PRECISION,
    scale: property.precision === undefined ? DECIMAL_SCALE : (property.scale ?? 0),
  }
}

/** The largest decimal the column holds: numeric(15, 4) holds 99999999999.9999. */
export function decimalMax(property: PropertyDefinition): string {
  const { precision, scale } = decimalDigits(property)
  const whole = '9'.repeat(precision - scale) || '0'
  return scale === 0 ? whole : `${whole}.${'9'.repeat(scale)}`
}

/** The TypeScript union of an enum's values: 'draft' | 'live'. */
export function enumUnion(property: PropertyDefinition): string {
  return (property.values ?? []).map((value) => `'${value}'`).join(' | ')
}

/** The values as a TypeScript array literal: ['draft', 'live']. */
export function enumArray(property: PropertyDefinition): string {
  return `[${(property.values ?? []).map((value) => `'${value}'`).join(', ')}]`
}

/** The knex column builder of a property (without .nullable()/.notNullable()). */
export function columnBuilder(column: string, property: PropertyDefinition): string {
  switch (property.type) {
    case 'string':
      return `table.string('${column}', ${stringLength(property)})`
    case 'text':
      return `table.text('${column}')`
    case 'int':
      return `table.integer('${column}')`
    case 'decimal': {
      const { precision, scale } = decimalDigits(property)
      return `table.decimal('${column}', ${precision}, ${scale})`
    }
    case 'number':
      return `table.double('${column}')`
    case 'boolean':
      return `table.boolean('${column}')`
    case 'date':
      return `table.date('${column}')`
    case 'datetime':
      return `table.timestamp('${column}', { useTz: true })`
    case 'uuid':
    case 'reference':
      return `table.uuid('${column}')`
    case 'json':
      return `table.json('${column}')`
    case 'enum':
      // A text column with a CHECK of the values, on both databases.
      return `table.enum('${column}', ${enumArray(property)})`
  }
}
