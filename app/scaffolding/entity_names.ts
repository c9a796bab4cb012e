import string from '@adonisjs/core/helpers/string'
import { bindingName, camelCase, snakeCase } from './names.js'

export interface EntityNames {
  pascal: string
  camel: string
  /** The name of a variable holding one: camel, or `classEntity` for a reserved word. */
  variable: string
  snake: string
  /** "a" or "an", as said before the name: an Order, a Product, a User. */
  article: string
  /** Products */
  plural: string
  /** products */
  pluralSnake: string
}

/**
 * The article before a word, by how it usually sounds: "an" before a vowel sound (Order, Item,
 * Update), "a" before U or Eu said "you" and before One (User, Unit, Euro, One).
 */
function indefiniteArticle(word: string): string {
  if (/^(?:Eu|One|Uni|Us[aeu]|Ur[aeiou]|Ut)/i.test(word)) return 'a'
  return /^[aeiou]/i.test(word) ? 'an' : 'a'
}

export function entityNames(name: string): EntityNames {
  const plural = string.plural(name)
  return {
    pascal: name,
    camel: camelCase(name),
    variable: bindingName(camelCase(name), 'Entity'),
    article: indefiniteArticle(name),
    snake: snakeCase(name),
    plural,
    pluralSnake: snakeCase(plural),
  }
}

/** The class and type names the generator makes for an entity: Product, ProductId, ProductModel… */
function generatedIdentifiers(name: string): string[] {
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
