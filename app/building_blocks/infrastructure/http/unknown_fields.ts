import type { JsonSchema } from './openapi/representation.js'

/** A field the schema does not define, with the fields it does define at that level. */
export interface UnknownField {
  /** Dotted like validation errors name fields: `links.self`, `items.0.name`. */
  field: string
  accepted: string[]
}

/**
 * The fields of `value` that `schema` does not define, wherever the schema closes an object
 * (`additionalProperties: false`). VineJS itself drops such fields without a word.
 */
export function unknownFields(schema: JsonSchema, value: unknown, path = ''): UnknownField[] {
  if (Array.isArray(value)) {
    const items = schema.items as JsonSchema | undefined
    if (!items || typeof items !== 'object') return []
    return value.flatMap((item, index) => unknownFields(items, item, `${path}${index}.`))
  }
  if (typeof value !== 'object' || value === null) return []
  const properties = (schema.properties ?? {}) as Record<string, JsonSchema>
  const found: UnknownField[] = []
  for (const [key, child] of Object.entries(value)) {
    if (Object.hasOwn(properties, key))
      found.push(...unknownFields(properties[key], child, `${path}${key}.`))
    else if (schema.additionalProperties === false) {
      found.push({ field: `${path}${key}`, accepted: Object.keys(properties) })
    }
  }
  return found
}
