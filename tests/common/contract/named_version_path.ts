import {
  parseApiVersionParameter,
  VERSION_SEGMENT_MATCHER,
  versionSegment,
  type ApiVersionText,
} from '@pantheon/kit/http'
import type { Exchange } from './exchange.js'

/** Each `v` parameter of Accept's media ranges (`application/json;v=2.0`, `v="2"`). */
const ACCEPT_VERSIONS = /;[ \t]*v[ \t]*=[ \t]*"?([^;,"]*)"?/gi

/** Every value naming a version outside the URL: api-version, X-Api-Version, Accept's v. */
function namedValues(exchange: Exchange): string[] {
  const accept = exchange.requestHeaders.accept ?? ''
  return [
    ...exchange.query.getAll('api-version'),
    ...(exchange.requestHeaders['x-api-version']?.split(',') ?? []),
    ...[...accept.matchAll(ACCEPT_VERSIONS)].map((match) => match[1]),
  ]
}

/**
 * The path with the version segment that a request to /api/<module>/… naming one version
 * outside the URL is served as: `GET /api/catalog/<id>?api-version=2.0` is served as
 * `GET /api/v2/catalog/<id>`, as every document's description says. Only the default version's
 * document lists the unversioned paths, so the others describe such a request there. Undefined
 * when the path has a segment already, or the request names no version, a malformed one or two
 * different ones (the service refuses those, and the unversioned path's own operations judge
 * them).
 */
export function namedVersionPath(exchange: Exchange): string | undefined {
  const [, api, module, ...rest] = exchange.path.split('/')
  if (api !== 'api' || !module || VERSION_SEGMENT_MATCHER.match.test(module)) return undefined
  const values = namedValues(exchange)
  if (values.length === 0) return undefined
  const versions = new Set<ApiVersionText | undefined>(values.map(parseApiVersionParameter))
  const [version] = versions
  if (versions.size !== 1 || version === undefined) return undefined
  return ['', api, versionSegment(version), module, ...rest].join('/')
}
