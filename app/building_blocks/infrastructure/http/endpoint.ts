import type { HttpContext } from '@adonisjs/core/http'
import type { Mediator } from '../../application/mediator.js'
import type { Result } from '../../application/result.js'
import { sendAppError } from './problem_details.js'
import { sendJson } from './json_response.js'
import type { EndpointDocs } from './openapi/endpoint_docs.js'

export type HttpMethod = 'get' | 'post' | 'put' | 'patch' | 'delete'

/** A route-param matcher, as accepted by AdonisJS `route.where()`. */
export interface ParamMatcher {
  match: RegExp
  cast?: (value: string) => unknown
}

/**
 * One HTTP endpoint of a module. A module finds its endpoints by file name (`*_endpoint.ts`
 * under `api/`) and mounts them in its route group, so `path` is relative to `/api/<module>`.
 */
export interface Endpoint {
  readonly method: HttpMethod
  readonly path: string
  readonly params?: Record<string, ParamMatcher>
  /** What the API reference says about it (optional: a bare entry is generated without). */
  readonly docs?: EndpointDocs
  handle(ctx: HttpContext): Promise<void>
}

/** The constructor every endpoint class has: the module builds it once, with the mediator. */
export type EndpointClass = new (mediator: Mediator) => Endpoint

/**
 * Base class for endpoints that hand the request to the mediator. It offers the two ways a
 * result leaves the API: a success in the endpoint's own shape, or problem details.
 */
export abstract class MediatorEndpoint implements Endpoint {
  abstract readonly method: HttpMethod
  abstract readonly path: string
  readonly params?: Record<string, ParamMatcher>
  readonly docs?: EndpointDocs

  constructor(protected readonly mediator: Mediator) {}

  abstract handle(ctx: HttpContext): Promise<void>

  /** Sends problem details for a failure, otherwise lets `onSuccess` answer. */
  protected respond<T>(ctx: HttpContext, result: Result<T>, onSuccess: (value: T) => void): void {
    if (!result.ok) return sendAppError(ctx, result.error)
    onSuccess(result.value)
  }

  protected ok(ctx: HttpContext, body: unknown): void {
    sendJson(ctx, 200, body)
  }

  /** 201 with the Location of the new resource, under the path the request came in on. */
  protected created(ctx: HttpContext, id: string, body: unknown = id): void {
    ctx.response.header('location', `${collectionPath(ctx)}/${id}`)
    sendJson(ctx, 201, body)
  }

  protected noContent(ctx: HttpContext): void {
    ctx.response.status(204).send('')
  }
}

/**
 * The path a request reached the collection by, without a trailing slash: a POST to
 * /api/v2/catalog/ creates /api/v2/catalog/<id>, one to /api/catalog creates /api/catalog/<id>.
 */
function collectionPath(ctx: HttpContext): string {
  return ctx.request.url().replace(/\/+$/, '')
}

/** The UUID shape accepted in route params; anything else does not match the route (404). */
export const UUID_PARAM: ParamMatcher = {
  match: /^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$/,
}
