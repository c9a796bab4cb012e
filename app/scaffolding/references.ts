import { createHash } from 'node:crypto'
import { existsSync, readdirSync } from 'node:fs'
import { dirname, join } from 'node:path'
import type { PropertyDefinition } from '../building_blocks/domain/entity_definition.js'
import { entityNames } from './entity_names.js'
import { pascalCase } from './names.js'
import { ScaffoldError } from './scaffold_error.js'

/**
 * The name of a reference's property: `Customer:references(Customer)` is the customer's id, so
 * its field is `customerId` (column `customer_id`); a name that says Id already keeps it.
 */
export function referencePascal(pascal: string): string {
  return pascal.endsWith('Id') ? pascal : `${pascal}Id`
}

/** The entities the properties refer to, each once, in the order first named. */
export function referencedEntities(properties: readonly PropertyDefinition[]): string[] {
  const entities = properties
    .filter((property) => property.type === 'reference')
    .map((property) => property.entity!)
  return [...new Set(entities)]
}

/**
 * The id every generated test gives the one stored row of `entity` that samples refer to: a
 * UUID v7 of its own for each entity, so the samples of an Order name the Customer its tests
 * store first.
 */
export function referencedSampleId(entity: string): string {
  const hex = createHash('sha256').update(entity).digest('hex').slice(0, 12)
  return `0190a5a8-0000-7000-8000-${hex}`
}

/** The id of a second stored row of `entity`: an update's other value of a reference to it. */
export function referencedOtherId(entity: string): string {
  return referencedSampleId(`${entity}:other`)
}

/** The id class of a referenced entity and the file that declares it, from the same folder. */
export function referencedIdImport(entity: string): { name: string; file: string } {
  return { name: `${entity}Id`, file: `${entityNames(entity).snake}_id.js` }
}

/** The module folder, other than `moduleRoot`'s, whose domain holds the entity, if any. */
function moduleHolding(moduleRoot: string, entity: string): string | undefined {
  const snake = entityNames(entity).snake
  const modules = dirname(moduleRoot)
  return readdirSync(modules, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && join(modules, entry.name) !== moduleRoot)
    .map((entry) => entry.name)
    .find((folder) => existsSync(join(modules, folder, 'domain', `${snake}.ts`)))
}

/**
 * Refuses a reference that cannot be a foreign key of the module: to the entity itself, to an
 * entity of another module (modules never share tables), or to one that does not exist.
 */
export function assertReferences(
  entity: string,
  properties: Readonly<Record<string, PropertyDefinition>>,
  module: { pascal: string; root: string },
  /** The names of the module's other entities that have a definition. */
  entities: readonly string[]
): void {
  for (const [field, property] of Object.entries(properties)) {
    if (property.type !== 'reference') continue
    const target = property.entity!
    const where = `${field} of ${entity}`
    if (target === entity) {
      throw new ScaffoldError(
        `${entity} cannot refer to itself (${where}): its first row would have nothing to name, and no generated test could store one`,
        `Hold the id as a uuid (${pascalCase(field)}:uuid?) and check it in the handlers`
      )
    }
    if (entities.includes(target)) continue
    const other = moduleHolding(module.root, target)
    if (other !== undefined) {
      throw new ScaffoldError(
        `${target} belongs to the ${pascalCase(other)} module; a reference (${where}) is a foreign key, and modules never share tables`,
        `Keep a read model of ${target} in ${module.pascal}, fed by its events (add-event ${target}Created --module ${pascalCase(other)} --from ${target}Created, then add-consumer … --module ${module.pascal} --read-model), and hold its id as a uuid (${pascalCase(field)}:uuid). See docs/messaging.md`
      )
    }
    const known = entities.length > 0 ? `; its entities: ${entities.join(', ')}` : ''
    throw new ScaffoldError(
      `There is no entity ${target} in the ${module.pascal} module to refer to (${where})${known}`,
      `Add it first: node ace add-entity ${target} --module ${module.pascal} --aggregate --properties "…"`
    )
  }
}
