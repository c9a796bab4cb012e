import type { JsonSchema } from './representation.js'

/** What a document's responses can carry, from the module and version it describes. */
export interface HeaderContext {
  /** The module negotiates API versions: its responses list them. */
  versioned: boolean
  /** Headers a deprecated version sends on every response it serves (Deprecation, Sunset, Link). */
  deprecationHeaders: readonly string[]
}

interface HeaderDefinition {
  name: string
  description: string
  schema: JsonSchema
}

/**
 * Every header the kit's responses may carry for the client, as `components.headers` entries.
 * The security headers (../security_headers.ts) are left out: they are the same on every answer
 * and instruct browsers, not API clients, so a generated client would only carry them unused.
 */
const HEADERS: Record<string, HeaderDefinition> = {
  RequestId: {
    name: 'X-Request-Id',
    description:
      'The id of this request (the one the client sent, or a new one): the traceId of a problem and of the logs',
    schema: { type: 'string' },
  },
  RateLimitLimit: {
    name: 'X-RateLimit-Limit',
    description: 'Requests a client may send per window (when the rate limit is on)',
    schema: { type: 'integer', minimum: 1 },
  },
  RateLimitRemaining: {
    name: 'X-RateLimit-Remaining',
    description: 'Requests this client may still send in the current window',
    schema: { type: 'integer', minimum: 0 },
  },
  RateLimitReset: {
    name: 'X-RateLimit-Reset',
    description: 'When the window ends and the client may send again',
    schema: { type: 'string', format: 'date-time' },
  },
  WwwAuthenticate: {
    name: 'WWW-Authenticate',
    description: 'How to authenticate: Bearer (an access token in the Authorization header)',
    schema: { type: 'string' },
  },
  RetryAfter: {
    name: 'Retry-After',
    description: 'Seconds to wait before sending again',
    schema: { type: 'integer', minimum: 1 },
  },
  ApiSupportedVersions: {
    name: 'api-supported-versions',
    description: 'The API versions of the module that are not deprecated, e.g. "1.0, 2.0"',
    schema: { type: 'string' },
  },
  ApiDeprecatedVersions: {
    name: 'api-deprecated-versions',
    description: 'The deprecated API versions of the module, when it has any',
    schema: { type: 'string' },
  },
  Deprecation: {
    name: 'Deprecation',
    description: 'When this API version was deprecated, as @<unix seconds> (RFC 9745)',
    schema: { type: 'string', pattern: '^@-?\\d+$' },
  },
  Sunset: {
    name: 'Sunset',
    description:
      'When this API version stops being served, as an HTTP date (RFC 8594); from then on it answers 410',
    schema: { type: 'string' },
  },
  Link: {
    name: 'Link',
    description: 'Pages about the deprecation (rel="deprecation") and the removal (rel="sunset")',
    schema: { type: 'string' },
  },
}

const BY_HEADER_NAME = new Map(Object.entries(HEADERS).map(([key, header]) => [header.name, key]))

type HeaderRefs = Record<string, { $ref: string }>

const OPTIONAL = 'Optional'

/**
 * A reference to the header's component. A reference cannot say whether the header is
 * required, so each header has a component of each kind it is used as: `RequestId` (always
 * sent) and `OptionalRateLimitLimit` (sent when the rate limit is on).
 */
function ref(key: string, required: boolean): [string, { $ref: string }] {
  return [HEADERS[key].name, { $ref: `#/components/headers/${required ? '' : OPTIONAL}${key}` }]
}

/**
 * The headers of a response. A success went through the whole request: version headers and a
 * deprecated version's headers are always there. A problem may have been answered before the
 * version was chosen (an unreadable body, the rate limit), so they are optional there.
 */
export function responseHeaders(context: HeaderContext, status: number): HeaderRefs {
  const success = status < 300
  const entries: [string, { $ref: string }][] = [ref('RequestId', true)]
  if (status === 401) entries.push(ref('WwwAuthenticate', true))
  if (status === 429) {
    entries.push(
      ref('RetryAfter', true),
      ref('RateLimitLimit', true),
      ref('RateLimitRemaining', true),
      ref('RateLimitReset', true)
    )
  } else {
    entries.push(ref('RateLimitLimit', false), ref('RateLimitRemaining', false))
  }
  if (context.versioned && status !== 429) {
    entries.push(ref('ApiSupportedVersions', success), ref('ApiDeprecatedVersions', false))
    for (const name of context.deprecationHeaders) {
      const key = BY_HEADER_NAME.get(name)
      if (key) entries.push(ref(key, success))
    }
  }
  return Object.fromEntries(entries)
}

/** The `components.headers` entries the document's responses refer to. */
export function headerComponents(responses: Iterable<Record<string, unknown>>) {
  const used = new Map<string, Omit<HeaderDefinition, 'name'> & { required?: true }>()
  for (const headers of responses) {
    for (const header of Object.values(headers) as { $ref?: unknown }[]) {
      if (typeof header.$ref !== 'string') continue
      const target = header.$ref.split('/').pop()!
      if (used.has(target)) continue
      const optional = target.startsWith(OPTIONAL)
      const { description, schema } = HEADERS[optional ? target.slice(OPTIONAL.length) : target]
      used.set(target, optional ? { description, schema } : { description, schema, required: true })
    }
  }
  return Object.fromEntries([...used].sort(([a], [b]) => a.localeCompare(b)))
}
