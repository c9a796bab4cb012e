import { DomainError } from './domain_error.js'

/*
 * An entity's definition: also a subpath of its own, @pantheon/kit/domain/definition, which the
 * generated definition files import. The scaffolding commands import every definition of a
 * module; through @pantheon/kit/domain they would load the rest of the domain's building blocks
 * (uuid's twenty files among them): about 30 modules, 40 ms of a command.
 */

/**
 * The value types an entity's property can have; each maps to one TypeScript type and one column
 * type. A property can also be a reference to another entity of its module (`reference`).
 */
export const PROPERTY_TYPES = [
  'string',
  'text',
  'int',
  'decimal',
  'number',
  'boolean',
  'date',
  'datetime',
  'uuid',
  'json',
  'enum',
] as const

export type ValuePropertyType = (typeof PROPERTY_TYPES)[number]

/**
 * A property's type: a value type, or `reference`, the id of another entity of the same module
 * (`customerId: { type: 'reference', optional: false, entity: 'Customer' }`): a foreign key in
 * the database, typed by that entity's id class.
 */
export type PropertyType = ValuePropertyType | 'reference'

export interface PropertyDefinition {
  readonly type: PropertyType
  readonly optional: boolean
  /** A string's most characters (255 when not given). */
  readonly length?: number
  /** A decimal's digits in all (15 when not given). */
  readonly precision?: number
  /** A decimal's digits after the point (4 when not given). */
  readonly scale?: number
  /** The values an enum takes. */
  readonly values?: readonly string[]
  /** The entity a reference names, of the same module (`Customer`). */
  readonly entity?: string
  /** A unique key: no two rows hold the same value (rows holding no value do not count). */
  readonly unique?: boolean
  /**
   * The property's name before it was renamed (`title: { …, renamedFrom: 'name' }`): the next
   * migration renames its column and keeps the values, and the entity's event publishers read
   * the new field for the same contract field. Harmless once migrated; remove it when you like.
   */
  readonly renamedFrom?: string
}

/**
 * What an entity is made of, written once beside the entity. The scaffolding commands read it
 * to derive CRUD commands, queries and migrations, so it is the single description of the
 * entity's shape outside its class.
 */
export interface EntityDefinition {
  readonly name: string
  readonly aggregate: boolean
  /**
   * The aggregate this entity is a part of (`'Order'` for an OrderLine): an owned collection of
   * it, stored in a table of its own with the aggregate's key, loaded and saved with it, with no
   * repository or id of its own.
   */
  readonly partOf?: string
  /** How many a part's aggregate holds at least and at most (0 and 100 when not given). */
  readonly items?: { readonly min?: number; readonly max?: number }
  readonly properties: Readonly<Record<string, PropertyDefinition>>
}

export function defineEntity<const T extends EntityDefinition>(definition: T): T {
  return definition
}

/** Refuses a missing required property with a named domain error (e.g. Product.NameRequired). */
export function requireProperty<T>(
  entity: string,
  property: string,
  value: T | null | undefined
): T {
  if (value === undefined || value === null) {
    const pascal = property.charAt(0).toUpperCase() + property.slice(1)
    throw new DomainError(`${entity}.${pascal}Required`, `${entity} ${property} is required`)
  }
  return value
}
