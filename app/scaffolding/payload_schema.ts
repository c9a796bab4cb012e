import type { PropertyDefinition } from '../building_blocks/domain/entity_definition.js'
import { baseVineRule } from './crud.js'

/**
 * How a payload carries a property: always; maybe not at all (`Note:text?` in --properties, a
 * `note?:` field); or always, null when the entity has none (an entity's optional property).
 */
export type PayloadPresence = 'required' | 'optional' | 'nullable'

/**
 * The rule of a property in a contract's schema: the rule of the command that stores it
 * (crud.ts), as JSON carries it. A date stays `2026-01-15` text and a datetime RFC 3339 text
 * (commands turn both into Date objects; a payload keeps the text, as its consumers read it),
 * and a text is taken as published, untrimmed.
 */
function baseRule(property: PropertyDefinition): string {
  switch (property.type) {
    case 'text':
      return 'vine.string()'
    case 'date':
      return 'vine.string().use(dateText())'
    case 'datetime':
      return 'vine.string().use(dateTimeText())'
    default:
      return baseVineRule(property)
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

/** The rule of the version of its subject a payload tells of. */
export const PAYLOAD_VERSION_RULE = 'vine.number().withoutDecimals().min(1)'

/** The payload rules of the kit's integration layer, to import those the schema uses. */
const KIT_RULES = ['maxCharacters', 'maxDecimalPlaces', 'dateText', 'dateTimeText']

/** What a contract imports from @pantheon/kit/integration, for the rules of its fields. */
export function contractKitImports(rules: string[]): string[] {
  const used = KIT_RULES.filter((name) =>
    rules.some((rule) => new RegExp(`\\b${name}\\(`).test(rule))
  )
  return ['defineIntegrationEvent', ...used]
}
