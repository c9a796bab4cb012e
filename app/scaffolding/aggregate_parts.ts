import string from '@adonisjs/core/helpers/string'
import type { EntityDefinition } from '../building_blocks/domain/entity_definition.js'
import { entityNames, type EntityNames } from './entity_names.js'
import { camelCase, pascalCase, snakeCase } from './names.js'
import { ScaffoldError } from './scaffold_error.js'

/** How many parts an aggregate holds when the part's definition does not say. */
export const DEFAULT_MIN_ITEMS = 0
export const DEFAULT_MAX_ITEMS = 100
/** The most parts `--max-items` allows: every part is a row written with its aggregate. */
const MAX_ITEMS_LIMIT = 1000

/** A part of an aggregate, as the aggregate's generated files hold it. */
export interface AggregatePart {
  /** The aggregate's field holding them: `lines` for the OrderLines of an Order. */
  field: string
  /** The same, PascalCase: `Lines`. */
  pascal: string
  /** The part's names: OrderLine, orderLine, order_line… */
  names: EntityNames
  definition: EntityDefinition
  minItems: number
  maxItems: number
}

/**
 * The aggregate's field that holds its parts: the part's name without the aggregate's in front,
 * in the plural (`lines` for an Order's OrderLine; `payments` for its Payment).
 */
function partField(part: string, aggregate: string): string {
  const own = part.startsWith(aggregate) && part.length > aggregate.length
  return camelCase(string.plural(own ? part.slice(aggregate.length) : part))
}

/** The parts each aggregate of a module has, found from the parts' definitions when loaded. */
const PARTS = new WeakMap<EntityDefinition, AggregatePart[]>()

/** The parts of an aggregate, in the order of their definition files; none for an entity. */
export function partsOf(definition: EntityDefinition): AggregatePart[] {
  return PARTS.get(definition) ?? []
}

/** The part's bounds on its count, checked: whole numbers, min ≤ max ≤ MAX_ITEMS_LIMIT. */
export function itemBounds(
  items: EntityDefinition['items'],
  where: string
): { minItems: number; maxItems: number } {
  const minItems = items?.min ?? DEFAULT_MIN_ITEMS
  const maxItems = items?.max ?? DEFAULT_MAX_ITEMS
  const whole = (value: number) => Number.isSafeInteger(value) && value >= 0
  if (!whole(minItems) || !whole(maxItems) || maxItems < 1 || maxItems > MAX_ITEMS_LIMIT) {
    throw new ScaffoldError(
      `The number of items must be whole, at most ${MAX_ITEMS_LIMIT}, and allow at least one (${where})`,
      `Write --min-items 0 --max-items 100, for example`
    )
  }
  if (minItems > maxItems) {
    throw new ScaffoldError(
      `--min-items (${minItems}) is more than --max-items (${maxItems}) (${where})`
    )
  }
  return { minItems, maxItems }
}

/**
 * Refuses a part that cannot be one, and records each part with its aggregate. A part belongs to
 * an aggregate of its module; it is not an aggregate, nor the part of a part; its properties
 * are values (no unique key, which would span every aggregate's parts, and no reference).
 */
export function registerParts(definitions: readonly EntityDefinition[], module: string): void {
  for (const definition of definitions) PARTS.delete(definition)
  for (const part of definitions) {
    if (part.partOf === undefined) continue
    const where = `${part.name}, a part of ${part.partOf}`
    const aggregate = definitions.find((candidate) => candidate.name === part.partOf)
    if (!aggregate) {
      throw new ScaffoldError(
        `There is no entity ${part.partOf} in the ${module} module for ${part.name} to be a part of`,
        `Its entities: ${definitions.map((candidate) => candidate.name).join(', ')}`
      )
    }
    if (!aggregate.aggregate || aggregate.partOf !== undefined || part.aggregate) {
      throw new ScaffoldError(
        `${part.name} cannot be a part of ${aggregate.name}: a part belongs to an aggregate root and is none itself (${where})`,
        `Make ${aggregate.name} an aggregate (add-entity ${aggregate.name} --aggregate --force), or ${part.name} an entity of its own`
      )
    }
    for (const [field, property] of Object.entries(part.properties)) {
      if (property.unique || property.type === 'reference') {
        throw new ScaffoldError(
          `A part's property is a value: ${field} of ${part.name} cannot be ${property.unique ? 'a unique key' : 'a reference'}`,
          property.unique
            ? 'A unique key of a part would span the parts of every aggregate: keep it on the aggregate'
            : 'Put the reference on the aggregate'
        )
      }
    }
    // The part's table keys its rows by these two columns (schema_diff).
    const keyColumns = [`${snakeCase(aggregate.name)}_id`, 'position']
    for (const property of Object.keys(part.properties)) {
      const column = snakeCase(property)
      if (keyColumns.includes(column)) {
        throw new ScaffoldError(
          `${part.name} cannot have a property ${property}: its table keys each ${part.name} by ${keyColumns.join(' and ')}`,
          `Choose another name, such as ${property}Value`
        )
      }
    }
    const field = partField(part.name, aggregate.name)
    if (field in aggregate.properties) {
      throw new ScaffoldError(
        `${aggregate.name} has a property ${field} already, the field that would hold its ${string.plural(part.name)}`,
        `Rename the property, or the part`
      )
    }
    const parts = PARTS.get(aggregate) ?? []
    parts.push({
      field,
      pascal: pascalCase(field),
      names: entityNames(part.name),
      definition: part,
      ...itemBounds(part.items, where),
    })
    PARTS.set(aggregate, parts)
  }
}
