import { basename } from 'node:path'
import { withAuthentication } from '../auth/authentication.js'
import type { HttpContext } from '@adonisjs/core/http'
import type { HttpRouterService } from '@adonisjs/core/types'
import type { Mediator } from '../../application/mediator.js'
import type { Endpoint, EndpointClass, ParamMatcher } from '../http/endpoint.js'
import { sendProblem } from '../http/problem_details.js'
import {
  VERSION_SEGMENT_MATCHER,
  versionSegment,
  type ApiVersionText,
} from '../http/versioning/api_version.js'
import {
  negotiateApiVersion,
  reportApiVersions,
} from '../http/versioning/api_version_negotiation.js'
import type { ApiVersionPolicy } from '../http/versioning/api_version_policy.js'
import { markVersionNeutral } from '../http/versioning/version_neutral_handlers.js'
import type { ApiReference } from '../http/openapi/api_reference.js'
import { buildOpenApiDocument, type DocumentedRoute } from '../http/openapi/openapi_document.js'
import { sendJson } from '../http/json_response.js'
import { BODY_METHODS, withJsonBody } from '../http/json_body.js'
import { endpointHandler } from '../http/endpoint_handler.js'
import type { ModuleIndex } from './module_index.js'
import { observedRequests } from '../diagnostics/observed_requests.js'

/** What a module asks of all its routes. */
export interface MountOptions {
  /** A change to a resource with versions needs If-Match (428 without; PantheonModule). */
  requireIfMatch: boolean
}

/** An endpoint and the API version whose folder it sits in (none: every version). */
interface DiscoveredEndpoint {
  endpoint: Endpoint
  version?: ApiVersionText
  file: string
}

/** `api/v2/…` serves 2.0, `api/v2_1/…` serves 2.1, anything else serves every version. */
const VERSION_FOLDER = /^v(\d{1,4})(?:_(\d{1,4}))?$/

/** Builds every endpoint of a module's index once, with the mediator. */
export function discoverEndpoints(index: ModuleIndex, mediator: Mediator) {
  const discovered: DiscoveredEndpoint[] = []
  for (const [file, exported] of Object.entries(index.endpoints)) {
    if (typeof exported !== 'function')
      throw new Error(`${file} must default-export its endpoint class`)
    const EndpointConstructor = exported as EndpointClass
    const folder = file.split('/')[1]
    const match = VERSION_FOLDER.exec(folder)
    const version = match ? (`${Number(match[1])}.${Number(match[2] ?? 0)}` as const) : undefined
    discovered.push({ endpoint: new EndpointConstructor(mediator), version, file })
  }
  return discovered
}

/** One route (method + path) and the endpoint that serves it in each version. */
interface RouteTable {
  method: string
  path: string
  /** The route's name in the module (`node ace list:routes`), from its endpoint's file. */
  name: string
  params: Record<string, ParamMatcher>
  /** Directly in api/: served in every declared version. */
  shared?: Endpoint
  /** Directly in api/ and version-neutral: served whatever version is named, none checked. */
  neutral?: Endpoint
  byVersion: Map<ApiVersionText, Endpoint>
}

function buildRouteTables(endpoints: DiscoveredEndpoint[]): RouteTable[] {
  const tables = new Map<string, RouteTable>()
  for (const { endpoint, version, file } of endpoints) {
    const method = endpoint.method.toUpperCase()
    const key = `${method} ${endpoint.path}`
    const table: RouteTable = tables.get(key) ?? {
      method,
      path: endpoint.path,
      name: endpointName(file),
      params: {},
      byVersion: new Map(),
    }
    Object.assign(table.params, endpoint.params)
    if (endpoint.apiVersionNeutral && version !== undefined) {
      throw new Error(
        `${file} is version-neutral: it belongs directly in api/, not in a version folder`
      )
    }
    if (version === undefined) {
      if (table.shared || table.neutral)
        throw new Error(`${file}: ${key} is already served by another endpoint`)
      if (endpoint.apiVersionNeutral) table.neutral = endpoint
      else table.shared = endpoint
    } else {
      if (table.byVersion.has(version)) {
        throw new Error(`${file}: ${key} is already served in API version ${version}`)
      }
      table.byVersion.set(version, endpoint)
    }
    if (table.neutral && table.byVersion.size > 0) {
      throw new Error(
        `${file}: ${key} has a version-neutral endpoint, so no version may serve it too`
      )
    }
    tables.set(key, table)
  }
  return withUniqueNames([...tables.values()])
}

/** `api/v2/get_product_endpoint.ts` → `get_product`. */
function endpointName(file: string): string {
  return basename(file).replace(/_endpoint\.[cm]?[jt]s$/, '')
}

/**
 * Route names are unique within a module: the same endpoint file name in two version folders
 * on two different routes takes the method, then a number, after it.
 */
function withUniqueNames(tables: RouteTable[]): RouteTable[] {
  const taken = new Set<string>()
  for (const table of tables) {
    let name = table.name
    if (taken.has(name)) name = `${table.name}_${table.method.toLowerCase()}`
    for (let number = 2; taken.has(name); number++) name = `${table.name}_${number}`
    taken.add(name)
    table.name = name
  }
  return tables
}

type RouteHandler = (ctx: HttpContext) => unknown

/**
 * How an endpoint is run: the body, for the methods that take one, is read (and refused) first
 * by withJsonBody; in a versioned module that happens once the version is negotiated, so a
 * refused body reports the versions (and the deprecation) like any other answer.
 */
function runner(method: string, endpoint: Endpoint, options: MountOptions): RouteHandler {
  const handle = endpointHandler(endpoint, options)
  const run = BODY_METHODS.includes(method) ? withJsonBody(handle) : handle
  // Authentication before the body is read: a caller without credentials learns nothing of
  // the endpoint's input, and sends it no megabyte to parse.
  if (!endpoint.authenticated && !endpoint.permission) return run
  return withAuthentication(run, endpoint.permission)
}

/**
 * Negotiates the request's version, then hands it to the endpoint serving that version, or
 * answers with a problem when the route is not in it.
 */
function versionDispatcher(
  table: RouteTable,
  policy: ApiVersionPolicy,
  options: MountOptions
): RouteHandler {
  const available = [...table.byVersion.keys()]
  const runners = new Map(
    [...table.byVersion].map(([version, endpoint]) => [
      version,
      runner(table.method, endpoint, options),
    ])
  )
  const shared = table.shared && runner(table.method, table.shared, options)
  return (ctx: HttpContext) => {
    const version = negotiateApiVersion(ctx, policy)
    if (version === undefined) return
    const run = runners.get(version) ?? shared
    if (run) return run(ctx)
    return sendProblem(ctx, {
      status: 400,
      code: 'UnsupportedApiVersion',
      detail: `${table.method} ${ctx.request.url()} is not part of API version ${version} (it is in ${available.join(', ')})`,
      extensions: { supportedVersions: policy.versions },
    })
  }
}

/** A version-neutral route: nothing to negotiate, the module's versions reported all the same. */
function neutralHandler(
  table: RouteTable,
  policy: ApiVersionPolicy,
  options: MountOptions
): RouteHandler {
  const run = runner(table.method, table.neutral!, options)
  return (ctx: HttpContext) => {
    reportApiVersions(ctx, policy)
    return run(ctx)
  }
}

/**
 * Mounts a module's endpoints. An unversioned module gets `/api/<name>/…`. A versioned module
 * gets the same paths under `/api/<name>` and `/api/v<N>/<name>`, each route negotiating the
 * version and dispatching to the endpoint that serves it.
 */
export function mountEndpoints(
  router: HttpRouterService,
  moduleName: string,
  endpoints: DiscoveredEndpoint[],
  policy: ApiVersionPolicy | undefined,
  reference: ApiReference,
  options: MountOptions = { requireIfMatch: false }
) {
  const tables = buildRouteTables(endpoints)
  publishDocuments(router, moduleName, tables, policy, reference, options)
  if (!policy) {
    const versioned = endpoints.find((discovered) => discovered.version)
    if (versioned) {
      throw new Error(
        `${versioned.file} sits in a version folder, but the ${moduleName} module declares no apiVersions`
      )
    }
    router
      .group(() =>
        tables.forEach((table) =>
          addRoute(
            router,
            table,
            observedRequests(
              moduleName,
              runner(table.method, (table.shared ?? table.neutral)!, options)
            )
          )
        )
      )
      .prefix(`/api/${moduleName}`)
      .as(moduleName)
    return
  }

  for (const { version, file } of endpoints) {
    if (version && !policy.find(version)) {
      throw new Error(
        `${file} serves API version ${version}, which the ${moduleName} module does not declare`
      )
    }
  }
  const groups = [
    { prefix: `/api/${moduleName}`, name: moduleName },
    { prefix: `/api/:version/${moduleName}`, name: `${moduleName}.versioned` },
  ]
  for (const { prefix, name } of groups) {
    router
      .group(() =>
        tables.forEach((table) =>
          addRoute(
            router,
            table,
            table.neutral
              ? markVersionNeutral(
                  observedRequests(moduleName, neutralHandler(table, policy, options))
                )
              : observedRequests(moduleName, versionDispatcher(table, policy, options))
          )
        )
      )
      .prefix(prefix)
      .as(name)
      .where('version', VERSION_SEGMENT_MATCHER)
  }
}

/**
 * A GET route answers HEAD too, as AdonisJS's router.get() does: the same answer, no body. The
 * route is named after its endpoint, under the group's prefix (`catalog.create_product`).
 */
function addRoute(router: HttpRouterService, table: RouteTable, handler: RouteHandler) {
  const methods = table.method === 'GET' ? ['GET', 'HEAD'] : [table.method]
  const route = router.route(table.path, methods, handler).as(table.name)
  for (const [param, matcher] of Object.entries(table.params)) route.where(param, matcher)
}

/** The routes a version serves, with the endpoint serving each. */
function routesOf(tables: RouteTable[], version?: ApiVersionText): DocumentedRoute[] {
  return tables.flatMap((table) => {
    const endpoint = (version && table.byVersion.get(version)) || table.shared || table.neutral
    return endpoint
      ? [{ method: table.method, path: table.path, params: table.params, endpoint }]
      : []
  })
}

/**
 * One OpenAPI document per version (or one for an unversioned module), listed in the API
 * reference and, unless the host turned them off, served at /openapi/<module>-v<N>.json: off,
 * there is no route, so the path answers 404 as any unknown one does.
 */
function publishDocuments(
  router: HttpRouterService,
  moduleName: string,
  tables: RouteTable[],
  policy: ApiVersionPolicy | undefined,
  reference: ApiReference,
  options: MountOptions
) {
  const versions: (ApiVersionText | undefined)[] = policy
    ? [...policy.declaredVersions]
    : [undefined]
  for (const version of versions) {
    const path = `/openapi/${moduleName}${version ? `-${versionSegment(version)}` : ''}.json`
    reference.add({
      module: moduleName,
      version,
      path,
      build: () =>
        buildOpenApiDocument({
          module: moduleName,
          version,
          defaultVersion: policy?.defaultVersion,
          deprecationHeaders: (version && policy?.find(version)?.deprecationHeaders)?.map(
            ([name]) => name
          ),
          contact: reference.settings.contact,
          routes: routesOf(tables, version),
          requireIfMatch: options.requireIfMatch,
        }),
    })
    if (reference.settings.served === false) continue
    router
      .get(path, (ctx) => sendJson(ctx, 200, reference.document(path)))
      .as(`openapi.${moduleName}${version ? `_${versionSegment(version)}` : ''}`)
  }
}
