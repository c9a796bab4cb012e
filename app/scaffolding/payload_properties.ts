import type { EntityDefinition } from '../building_blocks/domain/entity_definition.js'
import { propertiesFlag } from './entity_files.js'
import { parseProperties, propertySpec, type PropertySpec } from './entity_properties.js'
import { formatProperty, splitPropertyList } from './property_syntax.js'
import { ScaffoldError } from './scaffold_error.js'

/**
 * The doc tag on a generated integration event's payload listing its properties in the syntax of
 * `--properties` ("Id:uuid,Name:string,Due:date?"). The TypeScript interface says how a value
 * travels (a date as a string), not what it is (a date, a datetime or a name); add-consumer
 * --read-model reads the tag to give the consumer's table the right columns.
 */
export const PAYLOAD_PROPERTIES_TAG = '@pantheonProperties'

/** A payload's properties: its `id` (when it has one) and the others, as add-entity reads them. */
export interface PayloadProperties {
  hasId: boolean
  properties: PropertySpec[]
}

/**
 * Reads `--properties` of an event: as for an entity, plus `Id:uuid`, which names what the event
 * is about (a read model is keyed by it).
 */
export function parsePayloadProperties(
  raw: string | undefined,
  where = 'in --properties'
): PayloadProperties {
  const entries = splitPropertyList(raw ?? '')
  const idEntry = entries.find((entry) => /^Id:/.test(entry))
  if (idEntry !== undefined && idEntry !== 'Id:uuid') {
    throw new ScaffoldError(`"${idEntry}" cannot be the event's Id: write Id:uuid`)
  }
  const others = entries.filter((entry) => entry !== idEntry)
  const properties =
    others.length > 0 || idEntry === undefined ? parseProperties(others.join(','), where) : []
  const keyed = properties.find((spec) => spec.definition.unique)
  if (keyed !== undefined) {
    throw new ScaffoldError(
      `An event's property takes no :unique (${keyed.pascal} ${where})`,
      'A unique key belongs to the table of the entity that stores the value, not to the events about it'
    )
  }
  return { hasId: idEntry !== undefined, properties }
}

/** The tag's value for a payload: the inverse of parsePayloadProperties. */
export function payloadPropertiesTag(payload: PayloadProperties): string {
  const entries = payload.properties.map((spec) => formatProperty(spec.pascal, spec.definition))
  return [...(payload.hasId ? ['Id:uuid'] : []), ...entries].join(',')
}

/**
 * The payload of an entity's Created event: its id and every property of its definition, without
 * unique keys (an event carries values; which of them are keys is its table's business).
 */
export function entityPayload(definition: EntityDefinition): PayloadProperties {
  const flag = propertiesFlag(definition)
  const where = `in the definition of ${definition.name}`
  const properties = flag === '' ? [] : parseProperties(flag, where)
  return {
    hasId: true,
    properties: properties.map((spec) =>
      spec.definition.unique
        ? propertySpec(spec.pascal, { ...spec.definition, unique: false })
        : spec
    ),
  }
}

/** The tag's value in a contract's source, if it has one. */
export function readPayloadPropertiesTag(source: string): string | undefined {
  const escaped = PAYLOAD_PROPERTIES_TAG.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
  return new RegExp(`${escaped}[ \\t]+([^\\s*]+)`).exec(source)?.[1]
}
