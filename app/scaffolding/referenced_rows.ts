import type { EntityDefinition } from '../building_blocks/domain/entity_definition.js'
import { partsOf } from './aggregate_parts.js'
import { otherSample, partSamples } from './crud.js'
import { entityNames, type EntityNames } from './entity_names.js'
import { propertySpec } from './entity_properties.js'
import { referencedEntities, referencedOtherId, referencedSampleId } from './references.js'

/** One stored row of a referenced entity: its fixed id, and a value for each property. */
interface StoredRow {
  id: string
  /** Each property (and list of parts) as the entity holds it (`Customer.restore`). */
  values: { field: string; sample: string }[]
}

/**
 * The rows of an entity the samples of a test refer to: one under the id the samples name, and
 * another (other values, unique keys apart) that an update's "other value" names.
 */
export interface ReferencedRow {
  names: EntityNames
  table: string
  rows: StoredRow[]
}

/**
 * A referenced entity's row: its samples, or (`other`) another value where a property has one.
 * An optional unique key with no other value (an enum of one) holds none in the other row, which
 * would clash with the first.
 */
function storedRow(definition: EntityDefinition, other: boolean): StoredRow {
  const values = Object.entries(definition.properties).map(([field, property]) => {
    const otherValue = other ? otherSample(property)?.entity : undefined
    const none = other && otherValue === undefined && property.unique && property.optional
    return {
      field,
      sample: none ? 'null' : (otherValue ?? propertySpec('Sample', property).sample),
    }
  })
  const parts = partsOf(definition).map((part) => ({
    field: part.field,
    sample: partSamples(part).entity,
  }))
  const id = other ? referencedOtherId(definition.name) : referencedSampleId(definition.name)
  return { id, values: [...values, ...parts] }
}

/**
 * The rows an entity's test samples refer to, and the ones those refer to, each once, in an
 * order that stores a row after the rows it refers to.
 */
export function referencedRows(
  entity: EntityDefinition,
  entities: readonly EntityDefinition[],
  moduleFolder: string
): ReferencedRow[] {
  const rows: ReferencedRow[] = []
  const visit = (definition: EntityDefinition, path: Set<string>) => {
    for (const target of referencedEntities(Object.values(definition.properties))) {
      const referenced = entities.find((candidate) => candidate.name === target)
      if (!referenced || path.has(target) || rows.some((row) => row.names.pascal === target)) {
        continue
      }
      visit(referenced, new Set([...path, target]))
      const names = entityNames(target)
      rows.push({
        names,
        table: `${moduleFolder}_${names.pluralSnake}`,
        rows: [storedRow(referenced, false), storedRow(referenced, true)],
      })
    }
  }
  visit(entity, new Set([entity.name]))
  return rows
}
