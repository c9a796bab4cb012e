import type { Endpoint, ParamMatcher } from '../endpoint.js'
import { UUID_PARAM } from '../endpoint.js'
import { versionSegment, type ApiVersionText } from '../versioning/api_version.js'
import { PROBLEM_DESCRIPTIONS, PROBLEM_DETAILS_SCHEMA } from './problem_schemas.js'
import { requestBodySchema } from './request_body_schema.js'

export interface DocumentedRoute {
  method: string
  path: string
  params: Record<string, ParamMatcher>
  endpoint: Endpoint
}

export interface DocumentInput {
  /** The module's URL segment, e.g. catalog. */
  module: string
  version?: ApiVersionText
  deprecated?: boolean
  routes: DocumentedRoute[]
}

const COMMON_PROBLEMS = [400, 500, 503]
const BODY_PROBLEMS = [413, 415]

function pascal(text: string): string {
  return text
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean)
    .map((part) => part.charAt(0).toUpperCase() + part.slice(1))
    .join('')
}

function problemResponse(status: number) {
  return {
    description: PROBLEM_DESCRIPTIONS[status] ?? 'Problem',
    content: {
      'application/problem+json': { schema: { $ref: '#/components/schemas/ProblemDetails' } },
    },
  }
}

function operation(route: DocumentedRoute, module: string, openApiPath: string) {
  // operationId: getCatalogById, postCatalog, getCatalogSample
  const docs = route.endpoint.docs
  const method = route.method.toLowerCase()
  const hasBody = ['post', 'put', 'patch'].includes(method)
  const parameters = Object.keys(route.params)
    .filter((name) => openApiPath.includes(`{${name}}`))
    .map((name) => ({
      name,
      in: 'path',
      required: true,
      schema:
        route.params[name] === UUID_PARAM ? { type: 'string', format: 'uuid' } : { type: 'string' },
    }))
  const success = docs?.response ?? {
    status: method === 'post' ? 201 : 200,
    description: 'Success',
  }
  const successResponse: Record<string, unknown> = { description: success.description }
  const representation = 'representation' in success ? success.representation : undefined
  if (representation) {
    successResponse.content = { 'application/json': { schema: representation.jsonSchema() } }
  }
  if ('headers' in success && success.headers) {
    successResponse.headers = Object.fromEntries(
      Object.entries(success.headers).map(([name, description]) => [
        name,
        { description, schema: { type: 'string' } },
      ])
    )
  }
  const problems = [
    ...new Set([...COMMON_PROBLEMS, ...(hasBody ? BODY_PROBLEMS : []), ...(docs?.problems ?? [])]),
  ].sort()
  const result: Record<string, unknown> = {
    operationId: `${method}${pascal(module)}${pascal(route.path.replace(/:([A-Za-z0-9_]+)/g, 'by $1'))}`,
    summary: docs?.summary ?? route.endpoint.constructor.name.replace(/Endpoint$/, ''),
    tags: [module],
    responses: {
      [String(success.status)]: successResponse,
      ...Object.fromEntries(problems.map((status) => [String(status), problemResponse(status)])),
    },
  }
  if (docs?.description) result.description = docs.description
  if (parameters.length > 0) result.parameters = parameters
  if (docs?.requestBody) {
    result.requestBody = {
      required: true,
      content: { 'application/json': { schema: requestBodySchema(docs.requestBody) } },
    }
  }
  return result
}

/**
 * The OpenAPI 3.1 document of one module in one API version, built from its routes, the
 * validators of the commands they send and the representations they answer with.
 */
export function buildOpenApiDocument(input: DocumentInput): Record<string, unknown> {
  const prefix = input.version
    ? `/api/${versionSegment(input.version)}/${input.module}`
    : `/api/${input.module}`
  const paths: Record<string, Record<string, unknown>> = {}
  for (const route of input.routes) {
    const openApiPath = `${prefix}${route.path === '/' ? '' : route.path}`.replace(
      /:([A-Za-z0-9_]+)/g,
      '{$1}'
    )
    paths[openApiPath] ??= {}
    paths[openApiPath][route.method.toLowerCase()] = operation(route, input.module, openApiPath)
  }
  const title = `${pascal(input.module)} API`
  const description = input.version
    ? `Version ${input.version}${input.deprecated ? ' (deprecated)' : ''}. The same operations answer under /api/${input.module} with ?api-version=${input.version} or X-Api-Version: ${input.version}.`
    : `The ${input.module} module.`
  return {
    openapi: '3.1.0',
    info: {
      title,
      version: input.version ?? '1.0',
      description,
      license: { name: 'MIT', identifier: 'MIT' },
    },
    servers: [{ url: 'http://localhost:5000', description: 'Development' }],
    security: [],
    tags: [{ name: input.module, description: `The ${input.module} module` }],
    paths,
    components: { schemas: { ProblemDetails: PROBLEM_DETAILS_SCHEMA } },
  }
}
