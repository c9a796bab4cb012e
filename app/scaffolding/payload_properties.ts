import type {
  EntityDefinition,
  PropertyDefinition,
} from '../building_blocks/domain/entity_definition.js'
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

/**
 * A payload's properties: its `id` and `version` (when it has them) and the others, as
 * add-entity reads them. The version is its subject's (1 when created, one more at each change),
 * so that a copy kept from the events applies only what is newer than it holds.
 */
export interface PayloadProperties {
  hasId: boolean
  hasVersion: boolean
  properties: PropertySpec[]
}

/**
 * Reads `--properties` of an event: as for an entity, plus `Id:uuid`, which names what the event
 * is about (a read model is keyed by it), and `Version:int`, the version of that subject the
 * event tells of (a read model applies only a newer one).
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
  const versionEntry = entries.find((entry) => /^Version:/.test(entry))
  if (versionEntry !== undefined && versionEntry !== 'Version:int') {
    throw new ScaffoldError(`"${versionEntry}" cannot be the event's Version: write Version:int`)
  }
  if (versionEntry !== undefined && idEntry === undefined) {
    throw new ScaffoldError(
      `An event's Version is the version of what it is about: add Id:uuid ${where}`
    )
  }
  const others = entries.filter((entry) => entry !== idEntry && entry !== versionEntry)
  const properties =
    others.length > 0 || idEntry === undefined ? parseProperties(others.join(','), where) : []
  const reference = properties.find((spec) => spec.type === 'reference')
  if (reference !== undefined) {
    throw new ScaffoldError(
      `An event's property cannot be a reference (${reference.pascal} ${where})`,
      `Carry the id as a uuid (${reference.pascal}:uuid): what another module keeps of it is a value, not a foreign key`
    )
  }
  const keyed = properties.find((spec) => spec.definition.unique)
  if (keyed !== undefined) {
    throw new ScaffoldError(
      `An event's property takes no :unique (${keyed.pascal} ${where})`,
      'A unique key belongs to the table of the entity that stores the value, not to the events about it'
    )
  }
  return { hasId: idEntry !== undefined, hasVersion: versionEntry !== undefined, properties }
}

/** The tag's value for a payload: the inverse of parsePayloadProperties. */
export function payloadPropertiesTag(payload: PayloadProperties): string {
  const entries = payload.properties.map((spec) => formatProperty(spec.pascal, spec.definition))
  return [
    ...(payload.hasId ? ['Id:uuid'] : []),
    ...(payload.hasVersion ? ['Version:int'] : []),
    ...entries,
  ].join(',')
}

/**
 * The payload of an entity's Created, Updated or Deleted event: its id, its version and every
 * property of its definition, without unique keys (an event carries values; which of them are
 * keys is its table's business).
 */
export function entityPayload(definition: EntityDefinition): PayloadProperties {
  const flag = propertiesFlag(definition)
  const where = `in the definition of ${definition.name}`
  const properties = flag === '' ? [] : parseProperties(flag, where)
  return {
    hasId: true,
    hasVersion: true,
    properties: properties.map((spec) =>
      spec.definition.unique || spec.type === 'reference'
        ? propertySpec(spec.pascal, carriedValue(spec.definition))
        : spec
    ),
  }
}

/**
 * A property as an event carries it: without its unique key, and a reference as the uuid it
 * holds (a consumer in another module keeps it as a value; no foreign key crosses modules).
 */
function carriedValue(property: PropertyDefinition): PropertyDefinition {
  if (property.type === 'reference') return { type: 'uuid', optional: property.optional }
  return { ...property, unique: false }
}

/** The tag's value in a contract's source, if it has one. */
export function readPayloadPropertiesTag(source: string): string | undefined {
  const escaped = PAYLOAD_PROPERTIES_TAG.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
  return new RegExp(`${escaped}[ \\t]+([^\\s*]+)`).exec(source)?.[1]
}
