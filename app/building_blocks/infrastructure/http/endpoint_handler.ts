import type { HttpContext } from '@adonisjs/core/http'
import type { Endpoint } from './endpoint.js'
import { preconditionProblem } from './entity_tags.js'
import { pathParamNames, requestBodySchema } from './openapi/request_body_schema.js'
import type { VineJsonSchemaSource } from './openapi/vine_json_schema.js'
import { type ProblemError, sendProblem } from './problem_details.js'
import { queryParametersProblem } from './query_parameters.js'
import { unknownFields, unknownFieldsProblem } from './unknown_fields.js'

/**
 * How a route runs an endpoint. An endpoint that documents its request body
 * (`docs.requestBody`) gets a body holding only the fields it defines: any other field answers
 * 400 before the endpoint runs, together with every other failed field of the body, so a client
 * learns everything to fix at once. VineJS drops unknown fields silently and an endpoint reads
 * only the fields it knows, so otherwise a field a client believes stored (a typo, a field of
 * another API version) would vanish while the request succeeds; the API document says
 * `additionalProperties: false`, and this keeps the service to it. Fields the route takes from its
 * path (`:id`) are not body fields.
 */
export function endpointHandler(
  endpoint: Endpoint,
  options: { requireIfMatch: boolean } = { requireIfMatch: false }
): (ctx: HttpContext) => Promise<void> {
  return withBodyFields(
    endpoint,
    withPreconditions(endpoint, options, withQueryParameters(endpoint))
  )
}

/** The body holds only the fields the endpoint's documented request body defines. */
function withBodyFields(
  endpoint: Endpoint,
  handle: (ctx: HttpContext) => Promise<void>
): (ctx: HttpContext) => Promise<void> {
  const validator = endpoint.docs?.requestBody
  if (!validator) return handle
  const pathParams = pathParamNames(endpoint.path)
  const schema = requestBodySchema(validator, pathParams)
  return async (ctx) => {
    const body = ctx.request.body()
    const unknown = unknownFields(schema, body)
    if (unknown.length === 0) return handle(ctx)
    const invalid = await invalidFields(validator, { ...body, ...ctx.params }, pathParams)
    sendProblem(ctx, unknownFieldsProblem(unknown, invalid))
  }
}

/**
 * An endpoint that declares its query parameters (`docs.queryParameters`) runs only for a query
 * string they allow; any other answers 400 naming what it takes (query_parameters.ts).
 */
function withQueryParameters(endpoint: Endpoint): (ctx: HttpContext) => Promise<void> {
  const parameters = endpoint.docs?.queryParameters
  if (!parameters) return (ctx) => endpoint.handle(ctx)
  return async (ctx) => {
    const problem = await queryParametersProblem(parameters, ctx.request.qs())
    if (problem) return sendProblem(ctx, problem)
    return endpoint.handle(ctx)
  }
}

/**
 * An endpoint whose resource has versions (`conditional`) runs only for preconditions it can
 * read, and with If-Match where the module requires one (entity_tags.ts).
 */
function withPreconditions(
  endpoint: Endpoint,
  options: { requireIfMatch: boolean },
  handle: (ctx: HttpContext) => Promise<void>
): (ctx: HttpContext) => Promise<void> {
  if (!endpoint.conditional) return handle
  return async (ctx) => {
    const problem = preconditionProblem(ctx, options)
    if (problem) return sendProblem(ctx, problem)
    return handle(ctx)
  }
}

interface Validating {
  tryValidate(data: unknown): Promise<[unknown, unknown]>
}

function isValidating(source: VineJsonSchemaSource): source is VineJsonSchemaSource & Validating {
  return typeof (source as Partial<Validating>).tryValidate === 'function'
}

/**
 * The body's failed fields by the endpoint's own validator (the one its command is checked with
 * later), path params excepted. Only a compiled VineJS validator can say; a bare schema says
 * nothing more.
 */
async function invalidFields(
  validator: VineJsonSchemaSource,
  input: Record<string, unknown>,
  pathParams: readonly string[]
): Promise<ProblemError[]> {
  if (!isValidating(validator)) return []
  const [error] = await validator.tryValidate(input)
  const messages = (error as { messages?: unknown } | null)?.messages
  if (!Array.isArray(messages)) return []
  return (messages as Array<{ field: string; rule: string; message: string }>)
    .filter((entry) => !pathParams.includes(entry.field))
    .map((entry) => ({ field: entry.field, code: entry.rule, message: entry.message }))
}
