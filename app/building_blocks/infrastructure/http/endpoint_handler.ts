import type { HttpContext } from '@adonisjs/core/http'
import { VALIDATION_ERROR_CODE } from '../../application/pipeline/validation_behavior.js'
import type { Endpoint } from './endpoint.js'
import { pathParamNames, requestBodySchema } from './openapi/request_body_schema.js'
import { sendProblem } from './problem_details.js'
import { unknownFields } from './unknown_fields.js'

export const UNKNOWN_FIELD_RULE = 'unknownField'

/**
 * How a route runs an endpoint. An endpoint that documents its request body
 * (`docs.requestBody`) gets a body holding only the fields it defines: any other field answers
 * 400 before the endpoint runs. VineJS drops unknown fields silently and an endpoint reads only
 * the fields it knows, so otherwise a field a client believes stored (a typo, a field of another
 * API version) would vanish while the request succeeds; the API document says
 * `additionalProperties: false`, and this keeps the service to it. Fields the route takes from its
 * path (`:id`) are not body fields.
 */
export function endpointHandler(endpoint: Endpoint): (ctx: HttpContext) => Promise<void> {
  const validator = endpoint.docs?.requestBody
  if (!validator) return (ctx) => endpoint.handle(ctx)
  const schema = requestBodySchema(validator, pathParamNames(endpoint.path))
  return async (ctx) => {
    const unknown = unknownFields(schema, ctx.request.body())
    if (unknown.length === 0) return endpoint.handle(ctx)
    sendProblem(ctx, {
      status: 400,
      code: VALIDATION_ERROR_CODE,
      detail: `The body has fields this endpoint does not define: ${unknown.map((u) => u.field).join(', ')}`,
      errors: unknown.map(({ field, accepted }) => ({
        field,
        code: UNKNOWN_FIELD_RULE,
        message: `The ${field} field is not part of this request${accepted.length > 0 ? ` (its fields: ${accepted.join(', ')})` : ''}`,
      })),
    })
  }
}
