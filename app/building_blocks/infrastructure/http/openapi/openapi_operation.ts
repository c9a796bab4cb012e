import type { Endpoint, ParamMatcher } from '../endpoint.js'
import { UUID_PARAM } from '../endpoint.js'
import { ENTITY_TAG_LIST_PATTERN } from '../entity_tags.js'
import { BODY_METHODS } from '../json_body.js'
import { queryParameterDocs } from '../query_parameters.js'
import { PROBLEM_RESPONSE_NAMES } from './problem_schemas.js'
import { pathParamNames, requestBodySchema } from './request_body_schema.js'
import { responseHeaders, type HeaderContext } from './response_headers.js'

export interface DocumentedRoute {
  method: string
  path: string
  params: Record<string, ParamMatcher>
  endpoint: Endpoint
}

/** The `components.securitySchemes` name of the access token an authenticated endpoint takes. */
export const BEARER_SCHEME = 'bearerAuth'

/** What an operation's document says about where it sits. */
export interface OperationContext extends HeaderContext {
  module: string
  /** The version this document describes; none for an unversioned module. */
  version?: string
  deprecated: boolean
  /** The module requires If-Match on changes to resources with versions. */
  requireIfMatch?: boolean
}

const COMMON_PROBLEMS = [400, 429, 500, 503]
const BODY_PROBLEMS = [413, 415]
/** A versioned module answers 410 for any version past its sunset. */
const VERSIONED_PROBLEMS = [410]

export function pascal(text: string): string {
  return text
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean)
    .map((part) => part.charAt(0).toUpperCase() + part.slice(1))
    .join('')
}

/**
 * Whether the route negotiates the API version: every route of a versioned module but the
 * version-neutral ones, which are served whatever version is named and read none.
 */
function negotiatesVersion(route: DocumentedRoute, context: OperationContext): boolean {
  return context.versioned && !route.endpoint.apiVersionNeutral
}

/** The statuses an operation can fail with, each a `components.responses` entry. */
export function problemStatuses(route: DocumentedRoute, context: OperationContext): number[] {
  // Every route of these methods reads a body, documented or not (withJsonBody).
  const hasBody = BODY_METHODS.includes(route.method.toUpperCase())
  return [
    ...new Set([
      ...COMMON_PROBLEMS,
      ...(hasBody ? BODY_PROBLEMS : []),
      ...(negotiatesVersion(route, context) ? VERSIONED_PROBLEMS : []),
      ...(route.endpoint.docs?.problems ?? []),
      ...(route.endpoint.authenticated || route.endpoint.permission ? [401] : []),
      ...(route.endpoint.permission ? [403] : []),
      ...preconditionStatuses(route, context),
    ]),
  ].sort((a, b) => a - b)
}

function isRead(route: DocumentedRoute): boolean {
  return ['get', 'head'].includes(route.method.toLowerCase())
}

/** A change to a resource with versions can fail its If-Match (412), or lack one it needs (428). */
function preconditionStatuses(route: DocumentedRoute, context: OperationContext): number[] {
  if (!route.endpoint.conditional || isRead(route)) return []
  return context.requireIfMatch ? [412, 428] : [412]
}

/** The If-Match or If-None-Match parameter of an operation on a resource with versions. */
function preconditionParameter(
  route: DocumentedRoute,
  context: OperationContext
): Record<string, unknown> | undefined {
  if (!route.endpoint.conditional) return undefined
  const schema = { type: 'string', pattern: ENTITY_TAG_LIST_PATTERN, examples: ['"3"', '*'] }
  if (isRead(route)) {
    return {
      name: 'If-None-Match',
      in: 'header',
      required: false,
      description:
        'The ETag of the copy the client holds: when it is still the stored version, the answer is 304 with no body',
      schema,
    }
  }
  return {
    name: 'If-Match',
    in: 'header',
    required: context.requireIfMatch === true,
    description: `The ETag of the version this change was made against (from a GET), or *: when it is no longer the stored version, nothing is changed and the answer is 412${context.requireIfMatch ? '; without it, 428' : ''}`,
    schema,
  }
}

/**
 * The OpenAPI operation of a route at one of its paths. `versionParameters` adds the version
 * parameters of a versioned module's paths (as `$ref`s), and `operationSuffix` keeps the
 * operationId unique among the two paths of a route.
 */
export function buildOperation(
  route: DocumentedRoute,
  documentContext: OperationContext,
  openApiPath: string,
  options: { versionParameters?: string[]; operationSuffix?: string; note?: string } = {}
) {
  // A version-neutral route is served in a deprecated version, and after its sunset, like in
  // any other: nothing of the version's deprecation applies to it.
  const context: OperationContext = negotiatesVersion(route, documentContext)
    ? documentContext
    : { ...documentContext, deprecated: false, deprecationHeaders: [] }
  const docs = route.endpoint.docs
  const method = route.method.toLowerCase()
  const parameters: Record<string, unknown>[] = Object.keys(route.params)
    .filter((name) => openApiPath.includes(`{${name}}`))
    .map((name) => ({
      name,
      in: 'path',
      required: true,
      description: `The ${name} of the resource`,
      schema:
        route.params[name] === UUID_PARAM ? { type: 'string', format: 'uuid' } : { type: 'string' },
    }))
  if (docs?.queryParameters) parameters.push(...queryParameterDocs(docs.queryParameters))
  const precondition = preconditionParameter(route, context)
  if (precondition) parameters.push(precondition)
  for (const name of options.versionParameters ?? []) {
    parameters.push({ $ref: `#/components/parameters/${name}` })
  }

  const success = docs?.response ?? {
    status: method === 'post' ? 201 : 200,
    description: 'Success',
  }
  const successResponse: Record<string, unknown> = { description: success.description }
  const headers: Record<string, object> = responseHeaders(context, success.status)
  for (const [name, description] of Object.entries(success.headers ?? {})) {
    headers[name] = {
      description,
      required: true,
      schema:
        name.toLowerCase() === 'location'
          ? { type: 'string', format: 'uri-reference' }
          : { type: 'string' },
    }
  }
  if (route.endpoint.conditional && isRead(route)) {
    headers.ETag = {
      description: 'The version shown, for If-Match on a change and If-None-Match on a later GET',
      required: true,
      schema: { type: 'string' },
    }
  }
  successResponse.headers = headers
  if (success.representation) {
    successResponse.content = {
      'application/json': { schema: success.representation.jsonSchema() },
    }
  }

  const summary = docs?.summary ?? route.endpoint.constructor.name.replace(/Endpoint$/, '')
  const needs = route.endpoint.permission
    ? `Needs the permission \`${route.endpoint.permission}\` (403 Auth.Forbidden without it).`
    : undefined
  const description = [docs?.description ?? `${summary}.`, needs, options.note]
    .filter(Boolean)
    .join('\n\n')
  const result: Record<string, unknown> = {
    operationId: `${method}${pascal(context.module)}${pascal(route.path.replace(/:([A-Za-z0-9_]+)/g, 'by $1'))}${options.operationSuffix ?? ''}`,
    summary,
    description,
    tags: [context.module],
  }
  if (context.deprecated) result.deprecated = true
  // The document's default is no security; an authenticated endpoint names the bearer token.
  if (route.endpoint.authenticated || route.endpoint.permission) {
    result.security = [{ [BEARER_SCHEME]: [] }]
  }
  if (parameters.length > 0) result.parameters = parameters
  if (docs?.requestBody) {
    const schema = requestBodySchema(docs.requestBody, pathParamNames(route.path))
    result.requestBody = {
      required: true,
      description:
        'A JSON object with only the fields below: any other field answers 400 (unknownField)',
      content: {
        'application/json': { schema },
        // A partial update's body is a JSON Merge Patch (RFC 7396), which has its own media type.
        ...(method === 'patch' ? { 'application/merge-patch+json': { schema } } : {}),
      },
    }
  }
  result.responses = {
    [String(success.status)]: successResponse,
    ...(route.endpoint.conditional && isRead(route)
      ? {
          304: {
            description: 'Not Modified: If-None-Match names the stored version; no body',
            headers: { ETag: headers.ETag },
          },
        }
      : {}),
    ...Object.fromEntries(
      problemStatuses(route, context).map((status) => [
        String(status),
        { $ref: `#/components/responses/${PROBLEM_RESPONSE_NAMES[status] ?? `Problem${status}`}` },
      ])
    ),
  }
  return result
}
