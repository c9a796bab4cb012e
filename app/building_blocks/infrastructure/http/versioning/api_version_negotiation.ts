import type { HttpContext } from '@adonisjs/core/http'
import { sendProblem } from '../problem_details.js'
import { parseApiVersion, type ApiVersionText } from './api_version.js'
import type { ApiVersionPolicy } from './api_version_policy.js'

declare module '@adonisjs/core/http' {
  interface HttpContext {
    /** The API version this request is served with (set by the version negotiation). */
    apiVersion?: ApiVersionText
  }
}

/**
 * Chooses the API version of a request to a versioned module, from the URL segment
 * (/api/v2/catalog), the `api-version` query parameter or the `X-Api-Version` header; with none,
 * the module's default. Every response of the module says which versions exist.
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
  ctx.response.header('api-supported-versions', policy.supportedHeader)
  if (policy.deprecatedHeader) {
    ctx.response.header('api-deprecated-versions', policy.deprecatedHeader)
  }

  const requested = requestedVersion(ctx)
  if (requested.problem)
    return reject(ctx, policy, 400, requested.problem.code, requested.problem.detail)

  const version = requested.version ?? policy.defaultVersion
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
  for (const [name, value] of served.deprecationHeaders) ctx.response.header(name, value)
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
  return version
}

type Requested =
  | { version?: ApiVersionText; problem?: undefined }
  | { version?: undefined; problem: { code: string; detail: string } }

const NONE_REQUESTED: Requested = {}

/**
 * The one version the request names, in the URL segment, the query or the header (several
 * places may name it, as long as they agree). Read without building lists: it runs on every
 * request to a versioned module.
 */
function requestedVersion(ctx: HttpContext): Requested {
  let requested = NONE_REQUESTED
  const segment = ctx.params.version
  if (segment !== undefined) requested = withSource(requested, 'URL segment', segment)
  const query: unknown = ctx.request.qs()['api-version']
  // The parameter may be repeated: ?api-version=1.0&api-version=2.0
  if (query !== undefined) {
    for (const value of Array.isArray(query) ? query : [query]) {
      requested = withSource(requested, 'api-version query parameter', value)
    }
  }
  const header = ctx.request.header('x-api-version')
  if (header !== undefined) requested = withSource(requested, 'X-Api-Version header', header)
  return requested
}

/** What was read so far, with one more source's version; the first problem found stays. */
function withSource(sofar: Requested, reader: string, value: unknown): Requested {
  if (sofar.problem) return sofar
  const parsed = parseApiVersion(String(value))
  if (!parsed) {
    const detail = `"${value}" in the ${reader} is not an API version: use major.minor, e.g. 1.0`
    return { problem: { code: 'InvalidApiVersion', detail } }
  }
  if (sofar.version !== undefined && sofar.version !== parsed) {
    const detail = `The request names more than one API version (${sofar.version}, ${parsed}): send one`
    return { problem: { code: 'AmbiguousApiVersion', detail } }
  }
  return sofar.version === parsed ? sofar : { version: parsed }
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
