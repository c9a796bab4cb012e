import type { HttpContext } from '@adonisjs/core/http'
import type { ApiVersionPolicy, ServedVersion } from './api_version_policy.js'
import { requestedVersion } from './api_version_readers.js'

/** `Deprecation`, `Sunset` and `Link` of a deprecated version (nothing for a current one). */
export function sendDeprecationHeaders(ctx: HttpContext, served: ServedVersion): void {
  for (const [name, value] of served.deprecationHeaders) ctx.response.header(name, value)
}

/**
 * The deprecation headers of the version a request no route answers (OPTIONS, 405, 404) names
 * in `segment` or elsewhere, or of the default one, so that every answer of a deprecated version
 * carries them. Nothing is refused here: a version that is missing, unknown or malformed adds
 * nothing, and the answer stays what the path calls for.
 */
export function reportDeprecation(
  ctx: HttpContext,
  policy: ApiVersionPolicy,
  segment: string | undefined
): void {
  const requested = requestedVersion(ctx, segment)
  const version = requested.problem ? undefined : (requested.version ?? policy.defaultVersion)
  const served = version && policy.find(version)
  if (served) sendDeprecationHeaders(ctx, served)
}
