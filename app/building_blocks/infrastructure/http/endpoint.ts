import type { HttpContext } from '@adonisjs/core/http'
import { type Caller, callerOf } from '../auth/caller.js'
import type { ExpectedVersion } from '../../application/expected_version.js'
import type { Mediator } from '../../application/mediator.js'
import { expectedVersionOf, namesCurrentVersion, versionTag } from './entity_tags.js'
import type { Result } from '../../application/result.js'
import { sendAppError } from './problem_details.js'
import { sendJson } from './json_response.js'
import type { EndpointDocs } from './openapi/endpoint_docs.js'
import { versionSegment } from './versioning/api_version.js'

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
  /**
   * Serves any API version a request names, even one the module does not declare, with no
   * negotiation (a health or status probe). Only for an endpoint directly in `api/`.
   */
  readonly apiVersionNeutral?: boolean
  /**
   * The resource it serves has versions: a GET answers its ETag (and 304 to an If-None-Match
   * naming it); a PUT, PATCH or DELETE takes If-Match, answering 412 when it names a version
   * that is no longer stored, and 428 without one where the module requires it.
   */
  readonly conditional?: boolean
  /**
   * Only a caller with a valid access token (`Authorization: Bearer <token>`, the app's
   * @adonisjs/auth guard) reaches it: any other request answers 401 `Auth.Unauthenticated`
   * before the endpoint runs. `this.caller(ctx)` then says who called.
   */
  readonly authenticated?: boolean
  /**
   * Only a caller whose account holds this permission (one its module declares, such as
   * `catalog.products.create`) reaches it: it is authenticated first, and a caller without the
   * permission answers 403 `Auth.Forbidden` naming it.
   */
  readonly permission?: string
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
  readonly apiVersionNeutral?: boolean
  readonly conditional?: boolean
  readonly authenticated?: boolean
  readonly permission?: string

  constructor(protected readonly mediator: Mediator) {}

  /** Who called an `authenticated` endpoint: the account and the token it sent. */
  protected caller(ctx: HttpContext): Caller {
    return callerOf(ctx)
  }

  abstract handle(ctx: HttpContext): Promise<void>

  /** Sends problem details for a failure, otherwise lets `onSuccess` answer. */
  protected respond<T>(ctx: HttpContext, result: Result<T>, onSuccess: (value: T) => void): void {
    if (!result.ok) return sendAppError(ctx, result.error)
    onSuccess(result.value)
  }

  protected ok(ctx: HttpContext, body: unknown): void {
    sendJson(ctx, 200, body)
  }

  /**
   * 200 with the body and the version it shows as its ETag, or 304 with no body when the
   * request's If-None-Match names that version (the client's copy is current).
   */
  protected okVersioned(ctx: HttpContext, body: unknown, version: number): void {
    ctx.response.header('etag', versionTag(version))
    if (namesCurrentVersion(ctx, version)) return void ctx.response.status(304).send('')
    sendJson(ctx, 200, body)
  }

  /** The versions the request's If-Match names, for the command it sends (`.expecting(…)`). */
  protected expectedVersion(ctx: HttpContext): ExpectedVersion | undefined {
    return expectedVersionOf(ctx)
  }

  /** 201 with the Location of the new resource, in the API version that created it. */
  protected created(ctx: HttpContext, id: string, body: unknown = id): void {
    ctx.response.header('location', `${collectionPath(ctx)}/${id}`)
    sendJson(ctx, 201, body)
  }

  /** Any status with a JSON body: a 201 for what has no URL to read it at (an access token). */
  protected json(ctx: HttpContext, status: number, body: unknown): void {
    sendJson(ctx, status, body)
  }

  protected noContent(ctx: HttpContext): void {
    ctx.response.status(204).send('')
  }
}

/**
 * The path of the collection, without a trailing slash, under the URL of the API version the
 * request named, so that the Location reads the resource in that version whatever the reader:
 * a POST to /api/catalog?api-version=2.0 or /api/v2.0/catalog/ creates /api/v2/catalog/<id>.
 * A request that named no version keeps the path it came in on (/api/catalog/<id>).
 */
function collectionPath(ctx: HttpContext): string {
  const path = ctx.request.url().replace(/\/+$/, '')
  if (!ctx.apiVersion || !ctx.apiVersionRequested) return path
  // /api/<module>/… or /api/<version>/<module>/…: the version segment is the third.
  const segments = path.split('/')
  segments.splice(2, ctx.params.version === undefined ? 0 : 1, versionSegment(ctx.apiVersion))
  return segments.join('/')
}

/** The UUID shape accepted in route params; anything else does not match the route (404). */
export const UUID_PARAM: ParamMatcher = {
  match: /^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$/,
}
