import vine from '@vinejs/vine'
import { messages } from '@vinejs/vine/defaults'
import type { FieldContext } from '@vinejs/vine/types'
import { characterCount } from '../../domain/character_count.js'

/*
 * VineJS's minLength and maxLength on strings count UTF-16 code units (`value.length`), where
 * JSON Schema, and so the API documents, count characters: a name of 150 emoji has 300 code
 * units and was refused though the document allows 200 characters. These rules count
 * characters. They keep VineJS's rule names, error codes and messages, so errors, the API
 * documents (`vineJsonSchema`) and clients see no other difference.
 */

const minCharactersRule = vine.createRule(
  (value: unknown, options: { min: number }, field: FieldContext) => {
    if (typeof value !== 'string' || !field.isValid) return
    if (characterCount(value) < options.min) {
      field.report(messages.minLength, 'minLength', field, options)
    }
  },
  {
    name: 'minLength',
    toJSONSchema: (schema, options) => {
      schema.minLength = options.min
    },
  }
)

const maxCharactersRule = vine.createRule(
  (value: unknown, options: { max: number }, field: FieldContext) => {
    if (typeof value !== 'string' || !field.isValid) return
    if (characterCount(value) > options.max) {
      field.report(messages.maxLength, 'maxLength', field, options)
    }
  },
  {
    name: 'maxLength',
    toJSONSchema: (schema, options) => {
      schema.maxLength = options.max
    },
  }
)

/** `vine.string().use(minCharacters(2))`: at least `min` characters (code points). */
export function minCharacters(min: number) {
  return minCharactersRule({ min })
}

/** `vine.string().use(maxCharacters(200))`: at most `max` characters (code points). */
export function maxCharacters(max: number) {
  return maxCharactersRule({ max })
}
