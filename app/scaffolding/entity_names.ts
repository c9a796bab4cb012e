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
