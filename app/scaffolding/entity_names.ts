import string from '@adonisjs/core/helpers/string'
import { camelCase, snakeCase } from './names.js'

export interface EntityNames {
  pascal: string
  camel: string
  snake: string
  /** Products */
  plural: string
  /** products */
  pluralSnake: string
}

export function entityNames(name: string): EntityNames {
  const plural = string.plural(name)
  return {
    pascal: name,
    camel: camelCase(name),
    snake: snakeCase(name),
    plural,
    pluralSnake: snakeCase(plural),
  }
}

/** The class and type names the generator makes for an entity: Product, ProductId, ProductModel… */
export function generatedIdentifiers(name: string): string[] {
  return [
    name,
    `${name}Id`,
    `${name}Repository`,
    `Lucid${name}Repository`,
    `${name}Model`,
    `${name}Created`,
    `${name}Snapshot`,
    `${name}Page`,
    `${name}Definition`,
    `New${name}`,
  ]
}

/**
 * The existing entity whose generated names a new entity's would collide with (an entity
 * `ProductId` beside `Product` would overwrite product_id.ts), if any.
 */
export function collidingEntity(name: string, existing: string[]): string | undefined {
  const mine = new Set(generatedIdentifiers(name))
  return existing.find(
    (other) =>
      other !== name && generatedIdentifiers(other).some((identifier) => mine.has(identifier))
  )
}
