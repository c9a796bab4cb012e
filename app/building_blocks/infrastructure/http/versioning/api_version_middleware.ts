import type { HttpContext } from '@adonisjs/core/http'
import type { NextFn } from '@adonisjs/core/types/http'
import { sendProblem } from '../problem_details.js'
import { parseApiVersion, type ApiVersionText } from './api_version.js'
import type { ApiVersionPolicy } from './api_version_policy.js'

declare module '@adonisjs/core/http' {
  interface HttpContext {
    /** The API version this request is served with (set by the apiVersion middleware). */
    apiVersion?: ApiVersionText
  }
}


/**
 * Chooses the API version of a request to a versioned module, from the URL segment
 * (/api/v2/catalog), the `api-version` query parameter or the `X-Api-Version` header; with none,
 * the module's default. Every response of the module says which versions exist.
 */
export default class ApiVersionMiddleware {
  handle(ctx: HttpContext, next: NextFn, policy: ApiVersionPolicy) {
    ctx.response.header('api-supported-versions', policy.supportedHeader)
    if (policy.deprecatedHeader) {
      ctx.response.header('api-deprecated-versions', policy.deprecatedHeader)
    }

    const requested: ApiVersionText[] = []
    for (const [reader, value] of readVersions(ctx)) {
      const version = parseApiVersion(value)
      if (!version) {
        const detail = `"${value}" in the ${reader} is not an API version: use major.minor, e.g. 1.0`
        return reject(ctx, policy, 400, 'InvalidApiVersion', detail)
      }
      requested.push(version)
    }

    const distinct = [...new Set(requested)]
    if (distinct.length > 1) {
      return reject(ctx, policy, 400, 'AmbiguousApiVersion', `The request names more than one API version (${distinct.join(', ')}): send one`)
    }

    const version = distinct[0] ?? policy.defaultVersion
    const served = policy.find(version)
    if (!served) {
      return reject(ctx, policy, 400, 'UnsupportedApiVersion', `API version ${version} is not supported`)
    }
    for (const [name, value] of served.deprecationHeaders) ctx.response.header(name, value)
    if (policy.isSunset(served)) {
      return reject(ctx, policy, 410, 'ApiVersionSunset', `API version ${version} was retired on ${served.sunset!.toUTCString()}`)
    }

    ctx.apiVersion = version
    return next()
  }
}

/** Every version the request names, with where it was read (for error messages). */
function readVersions(ctx: HttpContext): Array<[reader: string, value: string]> {
  const found: Array<[string, string]> = []
  if (ctx.params.version !== undefined) found.push(['URL segment', String(ctx.params.version)])
  const query: unknown = ctx.request.qs()['api-version']
  // The parameter may be repeated: ?api-version=1.0&api-version=2.0
  for (const value of query === undefined ? [] : Array.isArray(query) ? query : [query]) {
    found.push(['api-version query parameter', String(value)])
  }
  const header = ctx.request.header('x-api-version')
  if (header !== undefined) found.push(['X-Api-Version header', header])
  return found
}

function reject(ctx: HttpContext, policy: ApiVersionPolicy, status: number, code: string, detail: string) {
  sendProblem(ctx, { status, code, detail, extensions: { supportedVersions: policy.versions } })
}
