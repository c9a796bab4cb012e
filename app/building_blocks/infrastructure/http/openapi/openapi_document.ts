import { versionSegment, type ApiVersionText } from '../versioning/api_version.js'
import {
  buildOperation,
  pascal,
  BEARER_SCHEME,
  problemStatuses,
  type DocumentedRoute,
  type OperationContext,
} from './openapi_operation.js'
import {
  PROBLEM_DESCRIPTIONS,
  PROBLEM_DETAILS_SCHEMA,
  PROBLEM_RESPONSE_NAMES,
} from './problem_schemas.js'
import { headerComponents, responseHeaders } from './response_headers.js'
import { versionParameters } from './version_parameters.js'

export type { DocumentedRoute } from './openapi_operation.js'

export interface DocumentInput {
  /** The module's URL segment, e.g. catalog. */
  module: string
  version?: ApiVersionText
  /** The module's default version: what a request naming none is served by. */
  defaultVersion?: ApiVersionText
  deprecated?: boolean
  /** The headers a deprecated version sends (Deprecation, Sunset, Link), when it is one. */
  deprecationHeaders?: readonly string[]
  /** Who to ask about the API (OpenAPI `info.contact`). */
  contact?: Record<string, string>
  routes: DocumentedRoute[]
  /** The module requires If-Match on changes to resources with versions (428 without). */
  requireIfMatch?: boolean
}

function openApiPath(prefix: string, routePath: string): string {
  return `${prefix}${routePath === '/' ? '' : routePath}`.replace(/:([A-Za-z0-9_]+)/g, '{$1}')
}

function describe(input: DocumentInput, deprecated: boolean): string {
  const base = `/api/${input.module}`
  const general = `Every path also answers with a trailing slash. Failures are RFC 9457 problem details (application/problem+json) with a stable code.`
  if (!input.version) return `The ${input.module} module. ${general}`
  const segment = versionSegment(input.version)
  const longSegment = segment.includes('.') ? '' : `, also written ${segment}.0`
  const neutral = input.routes
    .filter((route) => route.endpoint.apiVersionNeutral)
    .map((route) => `${route.method.toUpperCase()} ${openApiPath(base, route.path)}`)
  return [
    `Version ${input.version} of the ${input.module} module${deprecated ? ' (deprecated)' : ''}.`,
    `Name the version in one of four ways: the URL segment (/api/${segment}/${input.module}/…${longSegment}), or on ${base}/… the api-version query parameter, the X-Api-Version header or the v parameter of a media range in Accept (Accept: application/json;v=${input.version}).`,
    `OpenAPI does not describe parameters of the Accept header, so no operation lists that one.`,
    `Outside the URL a version has no v (${input.version}, not ${segment}), and an empty value is refused (400 InvalidApiVersion). Several of them may name the version, or one several times, when all name the same one; two different versions are refused (400 AmbiguousApiVersion).`,
    unversionedPaths(input, base, segment),
    neutral.length > 0
      ? `Version-neutral operations (${neutral.join(', ')}) answer whatever version is named, even an unknown or malformed one (in the URL segment too), or none: they read no version, so they list no version parameter.`
      : '',
    general,
  ]
    .filter(Boolean)
    .join(' ')
}

/** What the description says about the paths without a version segment. */
function unversionedPaths(input: DocumentInput, base: string, segment: string): string {
  if (input.version === input.defaultVersion) {
    return `A request to ${base}/… naming no version is served by ${input.version}, the default, so this document lists those paths too.`
  }
  const none = input.defaultVersion
    ? `A request to ${base}/… naming no version is served by ${input.defaultVersion}, the default, whose document lists those paths`
    : `The module has no default version: a request to ${base}/… naming none is refused (400 ApiVersionUnspecified)`
  return `${none}. So this document lists the operations that read the version under /api/${segment}/${input.module} only: on ${base}/… a request naming ${input.version} with api-version, X-Api-Version or Accept's v is served as the same request under /api/${segment}/${input.module}.`
}

/**
 * The OpenAPI 3.1 document of one module in one API version, built from its routes, the
 * validators of the commands they send and the representations they answer with. A versioned
 * module's routes appear under /api/v<N>/<module>, and in the default version's document under
 * /api/<module> too (see the loop below).
 */
export function buildOpenApiDocument(input: DocumentInput): Record<string, unknown> {
  const versioned = input.version !== undefined
  const context: OperationContext = {
    module: input.module,
    version: input.version,
    versioned,
    deprecated: Boolean(input.deprecated || input.deprecationHeaders?.length),
    deprecationHeaders: input.deprecationHeaders ?? [],
    requireIfMatch: input.requireIfMatch === true,
  }
  const paths: Record<string, Record<string, unknown>> = {}
  const usedParameters = new Set<string>()
  const add = (
    path: string,
    route: DocumentedRoute,
    options?: Parameters<typeof buildOperation>[3]
  ) => {
    paths[path] ??= {}
    paths[path][route.method.toLowerCase()] = buildOperation(route, context, path, options)
    for (const name of options?.versionParameters ?? []) usedParameters.add(name)
  }
  const unversionedPrefix = `/api/${input.module}`
  for (const route of input.routes) {
    if (!input.version) {
      add(openApiPath(unversionedPrefix, route.path), route)
      continue
    }
    const versionedPrefix = `/api/${versionSegment(input.version)}/${input.module}`
    if (route.endpoint.apiVersionNeutral) {
      // Served whatever version is named, none read: no version parameter to declare.
      add(openApiPath(versionedPrefix, route.path), route)
      add(openApiPath(unversionedPrefix, route.path), route, {
        operationSuffix: 'Unversioned',
        note: `The same operation as under ${versionedPrefix}. Version-neutral: it answers whatever version is named, or none.`,
      })
      continue
    }
    // The service reads the query parameter and the header on both paths: on the versioned one
    // they may repeat the version of the URL, and naming another one is refused.
    const parameters = ['ApiVersionQuery', 'ApiVersionHeader']
    add(openApiPath(versionedPrefix, route.path), route, { versionParameters: parameters })
    // A request to the unversioned path naming no version is served by the default version
    // (or refused when there is none). Listed in another version's document, a generated
    // client would send it without one, since the parameters are optional, and read the
    // default version's answer as its own. Making api-version required there would not do:
    // OpenAPI cannot say "this or X-Api-Version", TypeScript generators type the parameter as
    // a plain string (its pattern is dropped), and not all generators make a required query
    // parameter a required argument, so a slip would still be served by the default version.
    // The versioned path carries the version in the URL: it leaves the client nothing to get
    // wrong.
    if (input.version !== input.defaultVersion) continue
    add(openApiPath(unversionedPrefix, route.path), route, {
      versionParameters: parameters,
      operationSuffix: 'Unversioned',
      note: `The same operation as under ${versionedPrefix}: a request naming no version is served by ${input.version}, the default.`,
    })
  }

  const statuses = [
    ...new Set(input.routes.flatMap((route) => problemStatuses(route, context))),
  ].sort((a, b) => a - b)
  const problemResponses = Object.fromEntries(
    statuses.map((status) => [
      PROBLEM_RESPONSE_NAMES[status] ?? `Problem${status}`,
      {
        description: PROBLEM_DESCRIPTIONS[status] ?? 'Problem',
        headers: responseHeaders(context, status),
        content: {
          'application/problem+json': { schema: { $ref: '#/components/schemas/ProblemDetails' } },
        },
      },
    ])
  )
  const allHeaders = [
    ...Object.values(problemResponses).map((response) => response.headers),
    ...Object.values(paths).flatMap((operations) =>
      Object.values(operations).flatMap((operation) =>
        Object.values((operation as { responses: Record<string, { headers?: object }> }).responses)
          .map((response) => response.headers as Record<string, unknown>)
          .filter(Boolean)
      )
    ),
  ]

  const components: Record<string, unknown> = {
    schemas: { ProblemDetails: PROBLEM_DETAILS_SCHEMA },
    responses: problemResponses,
    headers: headerComponents(allHeaders),
  }
  if (input.routes.some((route) => route.endpoint.authenticated || route.endpoint.permission)) {
    components.securitySchemes = {
      [BEARER_SCHEME]: {
        type: 'http',
        scheme: 'bearer',
        description:
          'An access token of the Identity module (POST /api/identity/tokens), sent as Authorization: Bearer <token>',
      },
    }
  }
  if (input.version && usedParameters.size > 0) {
    components.parameters = Object.fromEntries(
      Object.entries(versionParameters(input.version, input.defaultVersion)).filter(([name]) =>
        usedParameters.has(name)
      )
    )
  }
  return {
    openapi: '3.1.0',
    info: {
      title: `${pascal(input.module)} API`,
      version: input.version ?? '1.0',
      description: describe(input, context.deprecated),
      contact: input.contact ?? { name: `The ${input.module} module` },
      license: { name: 'MIT', identifier: 'MIT' },
    },
    servers: [{ url: 'http://localhost:5000', description: 'Development' }],
    security: [],
    tags: [{ name: input.module, description: `The ${input.module} module` }],
    paths,
    components,
  }
}
