import type { JsonSchema } from './representation.js'
import { vineJsonSchema, type VineJsonSchemaSource } from './vine_json_schema.js'

const built = new WeakMap<VineJsonSchemaSource, JsonSchema>()

/**
 * The JSON Schema of a request body, as the API document states it and the service enforces it:
 * the validator's fields (`vineJsonSchema`), closed to fields it does not define, and no NUL
 * character in any string, which the kit refuses in every body (Request.InvalidCharacter).
 * Built once per validator.
 */
export function requestBodySchema(validator: VineJsonSchemaSource): JsonSchema {
  let schema = built.get(validator)
  if (!schema) {
    schema = vineJsonSchema(validator)
    forbidNul(schema)
    built.set(validator, schema)
  }
  return schema
}

const NO_NUL: JsonSchema = { pattern: '\\u0000' }

function forbidNul(schema: unknown): void {
  if (typeof schema !== 'object' || schema === null) return
  const node = schema as JsonSchema
  const types = Array.isArray(node.type) ? node.type : [node.type]
  if (types.includes('string')) node.not = NO_NUL
  for (const child of Object.values((node.properties as Record<string, unknown>) ?? {})) {
    forbidNul(child)
  }
  forbidNul(node.items)
  for (const key of ['anyOf', 'oneOf', 'allOf'] as const) {
    if (Array.isArray(node[key])) (node[key] as unknown[]).forEach(forbidNul)
  }
}
