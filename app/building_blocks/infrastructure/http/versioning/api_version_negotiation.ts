import type { HttpContext } from '@adonisjs/core/http'
import { sendProblem } from '../problem_details.js'
import type { ApiVersionText } from './api_version.js'
import type { ApiVersionPolicy } from './api_version_policy.js'
import { requestedVersion, VERSION_HEADERS } from './api_version_readers.js'
import { sendDeprecationHeaders } from './deprecation_headers.js'

declare module '@adonisjs/core/http' {
  interface HttpContext {
    /** The API version this request is served with (set by the version negotiation). */
    apiVersion?: ApiVersionText
    /** Whether the request named that version (false: the module's default was used). */
    apiVersionRequested?: boolean
  }
}

/**
 * Chooses the API version of a request to a versioned module (see requestedVersion for where it
 * is read); with none named, the module's default, or 400 ApiVersionUnspecified when the module
 * has none. Every response of the module says which versions exist.
 *
 * Returns the version to serve, or `undefined` once it has answered the request with a problem.
 * It runs inside each versioned route's handler rather than as a route middleware: AdonisJS
 * runs a middleware through a promise chain of its own, which cost about as much as the
 * negotiation itself on every request.
 */
export function negotiateApiVersion(
  ctx: HttpContext,
  policy: ApiVersionPolicy
): ApiVersionText | undefined {
  reportApiVersions(ctx, policy)

  const requested = requestedVersion(ctx)
  if (requested.problem)
    return reject(ctx, policy, 400, requested.problem.code, requested.problem.detail)

  const version = requested.version ?? policy.defaultVersion
  if (version === undefined) {
    return reject(
      ctx,
      policy,
      400,
      'ApiVersionUnspecified',
      'Name the API version: in the URL (/api/v1/…), ?api-version=1.0, X-Api-Version: 1.0 or Accept: application/json;v=1.0'
    )
  }
  const served = policy.find(version)
  if (!served) {
    return reject(
      ctx,
      policy,
      400,
      'UnsupportedApiVersion',
      `API version ${version} is not supported`
    )
  }
  sendDeprecationHeaders(ctx, served)
  if (policy.isSunset(served)) {
    return reject(
      ctx,
      policy,
      410,
      'ApiVersionSunset',
      `API version ${version} was retired on ${served.sunset!.toUTCString()}`
    )
  }

  ctx.apiVersion = version
  ctx.apiVersionRequested = requested.version !== undefined
  return version
}

/**
 * The headers every response of a versioned module carries, whatever answers it (an endpoint,
 * a refused body, a path or method no route takes): which versions are supported and which
 * deprecated, and `Vary` on the headers a version is read from.
 */
export function reportApiVersions(ctx: HttpContext, policy: ApiVersionPolicy): void {
  const listing = policy.listing()
  ctx.response.header('api-supported-versions', listing.supportedHeader)
  if (listing.deprecatedHeader) {
    ctx.response.header('api-deprecated-versions', listing.deprecatedHeader)
  }
  ctx.response.append('vary', VERSION_HEADERS)
}

function reject(
  ctx: HttpContext,
  policy: ApiVersionPolicy,
  status: number,
  code: string,
  detail: string
): undefined {
  sendProblem(ctx, { status, code, detail, extensions: { supportedVersions: policy.versions } })
  return undefined
}
