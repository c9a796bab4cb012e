import type { HttpContext } from '@adonisjs/core/http'
import { parse as parseMediaRange } from 'content-type'
import { parseApiVersion, parseApiVersionParameter, type ApiVersionText } from './api_version.js'

/**
 * The request headers a version can be read from: a response of a versioned module depends on
 * them, so it says so in `Vary` (caches then keep one copy per version).
 */
export const VERSION_HEADERS = 'X-Api-Version, Accept'

export type RequestedVersion =
  | { version?: ApiVersionText; problem?: undefined }
  | { version?: undefined; problem: { code: string; detail: string } }

const NONE_REQUESTED: RequestedVersion = {}

/** A media range's `v` parameter, whatever the spaces and case around it. */
const VERSION_PARAMETER = /;[ \t]*v[ \t]*=/i

/**
 * The one version the request names, in the URL segment (`/api/v2/…`), the `api-version` query
 * parameter, the `X-Api-Version` header or the `v` parameter of an `Accept` media range. Several
 * places, or one place several times, may name it as long as they agree. Read without building
 * lists: it runs on every request to a versioned module.
 *
 * The segment is the route's `:version` parameter; a request no route matched has none, so the
 * caller passes the one it found in the path.
 */
export function requestedVersion(
  ctx: HttpContext,
  segment: string | undefined = ctx.params.version
): RequestedVersion {
  let requested = NONE_REQUESTED
  if (segment !== undefined) {
    requested = withSource(requested, 'URL segment', segment, parseApiVersion)
  }
  const query: unknown = ctx.request.qs()['api-version']
  // The parameter may be repeated: ?api-version=1.0&api-version=2.0
  if (query !== undefined) {
    for (const value of Array.isArray(query) ? query : [query]) {
      requested = withSource(requested, 'api-version query parameter', value)
    }
  }
  // Node joins a repeated header with commas; a version never holds one. Read from Node's
  // headers, not request.header(), which takes an empty value for no header at all: an empty
  // `X-Api-Version:` names no version and is refused, as an empty `?api-version=` is.
  const header = ctx.request.request.headers['x-api-version']
  if (header !== undefined) {
    for (const value of String(header).split(',')) {
      requested = withSource(requested, 'X-Api-Version header', value)
    }
  }
  const accept = ctx.request.header('accept')
  if (accept !== undefined && VERSION_PARAMETER.test(accept)) {
    requested = fromMediaRanges(requested, accept)
  }
  return requested
}

/** Every `v` parameter of the media ranges of an Accept header (`application/json;v=2.0`). */
function fromMediaRanges(sofar: RequestedVersion, accept: string): RequestedVersion {
  let requested = sofar
  for (let start = 0; start < accept.length;) {
    const range = parseMediaRange(accept, { comma: true, start })
    const value = range.parameters.v
    if (value !== undefined) {
      requested = withSource(requested, 'Accept header (v parameter)', value)
    }
    start = range.index + 1
  }
  return requested
}

/** What was read so far, with one more source's version; the first problem found stays. */
function withSource(
  sofar: RequestedVersion,
  reader: string,
  value: unknown,
  parse: (raw: string) => ApiVersionText | undefined = parseApiVersionParameter
): RequestedVersion {
  if (sofar.problem) return sofar
  const parsed = parse(String(value))
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
