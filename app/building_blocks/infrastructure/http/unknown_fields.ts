import { VALIDATION_ERROR_CODE } from '../../application/pipeline/validation_behavior.js'
import type { JsonSchema } from './openapi/representation.js'
import { MAX_LISTED_ERRORS, type ProblemError, type ProblemInput } from './problem_details.js'

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
  let accepted: string[] | undefined
  for (const [key, child] of Object.entries(value)) {
    if (Object.hasOwn(properties, key))
      found.push(...unknownFields(properties[key], child, `${path}${key}.`))
    else if (schema.additionalProperties === false) {
      found.push({ field: `${path}${key}`, accepted: (accepted ??= Object.keys(properties)) })
    }
  }
  return found
}

const UNKNOWN_FIELD_RULE = 'unknownField'

/** The `errors` entries that name fields a body may not have. */
function unknownFieldErrors(unknown: readonly UnknownField[]): ProblemError[] {
  return unknown.map(({ field, accepted }) => ({
    field,
    code: UNKNOWN_FIELD_RULE,
    message: `The ${field} field is not part of this request${accepted.length > 0 ? ` (its fields: ${accepted.join(', ')})` : ''}`,
  }))
}

/**
 * The 400 for a body with fields its endpoint does not define, with any other failed fields
 * (`otherErrors`) listed beside them, so one answer says everything to fix.
 */
export function unknownFieldsProblem(
  unknown: readonly UnknownField[],
  otherErrors: readonly ProblemError[] = []
): ProblemInput {
  const listed = unknown.slice(0, MAX_LISTED_ERRORS)
  const errors = [
    ...unknownFieldErrors(listed),
    ...otherErrors.slice(0, MAX_LISTED_ERRORS - listed.length),
  ]
  const omitted = unknown.length + otherErrors.length - errors.length
  const unnamed = unknown.length - listed.length
  return {
    status: 400,
    code: VALIDATION_ERROR_CODE,
    detail: `The body has fields this endpoint does not define: ${listed.map((u) => u.field).join(', ')}${unnamed > 0 ? ` and ${unnamed} more` : ''}`,
    errors,
    extensions: omitted > 0 ? { omittedErrors: omitted } : undefined,
  }
}
