import type { PropertyDefinition } from '../building_blocks/domain/entity_definition.js'
import { decimalDigits, decimalMax, enumArray, stringLength } from './property_syntax.js'

/**
 * How a payload carries a property: always; maybe not at all (`Note:text?` in --properties, a
 * `note?:` field); or always, null when the entity has none (an entity's optional property).
 */
export type PayloadPresence = 'required' | 'optional' | 'nullable'

/**
 * The rule of a property in a contract's schema. It takes what the command that stores the
 * property takes, as JSON carries it: a date as `2026-01-15`, a datetime as RFC 3339 text
 * (dates become Date objects in commands; a payload keeps the text, as its consumers read it).
 */
function baseRule(property: PropertyDefinition): string {
  switch (property.type) {
    case 'string':
      return `vine.string().trim().minLength(1).use(maxCharacters(${stringLength(property)}))`
    case 'text':
      return 'vine.string()'
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
      return 'vine.string().use(dateText())'
    case 'datetime':
      return 'vine.string().use(dateTimeText())'
    case 'uuid':
      return 'vine.string().uuid()'
    case 'json':
      return 'vine.any()'
    case 'enum':
      return `vine.enum(${enumArray(property)})`
  }
}

export function payloadRule(property: PropertyDefinition, presence: PayloadPresence): string {
  const rule = baseRule(property)
  if (presence === 'optional') return `${rule}.optional()`
  if (presence === 'nullable') return `${rule}.nullable()`
  return rule
}

/** The rule of the id a payload names its subject by. */
export const PAYLOAD_ID_RULE = 'vine.string().uuid()'

/** The payload rules of the kit's integration layer, to import those the schema uses. */
const KIT_RULES = ['maxCharacters', 'maxDecimalPlaces', 'dateText', 'dateTimeText']

/** What a contract imports from @pantheon/kit/integration, for the rules of its fields. */
export function contractKitImports(rules: string[]): string[] {
  const used = KIT_RULES.filter((name) =>
    rules.some((rule) => new RegExp(`\\b${name}\\(`).test(rule))
  )
  return ['defineIntegrationEvent', ...used]
}
