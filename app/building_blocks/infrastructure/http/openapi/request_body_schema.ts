import type { JsonSchema } from './representation.js'
import { vineJsonSchema, type VineJsonSchemaSource } from './vine_json_schema.js'

const built = new WeakMap<VineJsonSchemaSource, JsonSchema>()

/** The `:name` params of a route path: `/:id/items/:itemId` → id, itemId. */
export function pathParamNames(path: string): string[] {
  return [...path.matchAll(/:([A-Za-z0-9_]+)/g)].map((match) => match[1])
}

/**
 * The JSON Schema of a request body, as the API document states it and the service enforces it:
 * the validator's fields (`vineJsonSchema`), closed to fields it does not define, and no NUL
 * character in any string, which the kit refuses in every body (Request.InvalidCharacter).
 * Built once per validator. The fields named in `pathParams` come from the route's path, not
 * the body (a command validated as { id, name } behind PUT /:id takes only name in its body), so
 * they are left out.
 */
export function requestBodySchema(
  validator: VineJsonSchemaSource,
  pathParams: readonly string[] = []
): JsonSchema {
  let schema = built.get(validator)
  if (!schema) {
    schema = vineJsonSchema(validator)
    forbidNul(schema)
    built.set(validator, schema)
  }
  return pathParams.length === 0 ? schema : withoutFields(schema, pathParams)
}

function withoutFields(schema: JsonSchema, fields: readonly string[]): JsonSchema {
  const properties = schema.properties as Record<string, unknown> | undefined
  if (!properties || !fields.some((field) => field in properties)) return schema
  const copy: JsonSchema = {
    ...schema,
    properties: Object.fromEntries(
      Object.entries(properties).filter(([field]) => !fields.includes(field))
    ),
  }
  if (Array.isArray(schema.required)) {
    copy.required = (schema.required as string[]).filter((field) => !fields.includes(field))
  }
  return copy
}

/**
 * Refused: a string holding NUL. The `type` keeps the refusal to strings: `not: { pattern }`
 * alone matches every other value (a pattern ignores non-strings), so it refused the null a
 * nullable text takes.
 */
const NO_NUL: JsonSchema = { type: 'string', pattern: '\\u0000' }

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
