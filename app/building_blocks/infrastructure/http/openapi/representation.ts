import vine from '@vinejs/vine'
import type { Infer, SchemaTypes } from '@vinejs/vine/types'
import { vineJsonSchema } from './vine_json_schema.js'

/** A JSON Schema object, as OpenAPI 3.1 embeds it. */
export type JsonSchema = Record<string, unknown>

/**
 * The shape of a response body, declared once with VineJS: the API reference takes its JSON
 * Schema from it, and the serializer's return type (`RepresentationOf`) from the same schema,
 * so the document cannot drift from what the endpoint sends.
 */
export interface Representation<T> {
  jsonSchema(): JsonSchema
  /** Type carrier only; never set. */
  readonly type?: T
}

export type RepresentationOf<R> = R extends Representation<infer T> ? T : never

export function defineRepresentation<Schema extends SchemaTypes & { getProperties(): unknown }>(
  schema: Schema
): Representation<Infer<Schema>> {
  const validator = vine.create(schema as never) as unknown as { toJSONSchema(): JsonSchema }
  let cached: JsonSchema | undefined
  return { jsonSchema: () => (cached ??= vineJsonSchema(validator)) }
}

/** A representation written directly as JSON Schema, for scalar bodies (an id, a message). */
function scalarRepresentation<T>(schema: JsonSchema): Representation<T> {
  return { jsonSchema: () => schema }
}

export const ID_REPRESENTATION = scalarRepresentation<string>({ type: 'string', format: 'uuid' })
export const TEXT_REPRESENTATION = scalarRepresentation<string>({ type: 'string' })
