import type { EntityDefinition } from '../building_blocks/domain/entity_definition.js'
import { entityNames, type EntityNames } from './entity_names.js'
import { propertySpec } from './entity_properties.js'
import { referencedEntities, referencedSampleId } from './references.js'

/** A row the samples of a test refer to: the entity, its fixed id, and values for the rest. */
export interface ReferencedRow {
  names: EntityNames
  table: string
  sampleId: string
  /** Each property's sample, as the entity holds it (`Customer.restore`). */
  stored: { field: string; sample: string }[]
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
        sampleId: referencedSampleId(target),
        stored: Object.entries(referenced.properties).map(([field, property]) => ({
          field,
          sample: propertySpec('Sample', property).sample,
        })),
      })
    }
  }
  visit(entity, new Set([entity.name]))
  return rows
}
