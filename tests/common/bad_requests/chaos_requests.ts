import fc from 'fast-check'
import { oddBodies, validProducts } from './bodies.js'
import { encodedBodies } from './encodings.js'
import { brokenFraming } from './framing.js'
import type { ClientCase, GeneratedRequest } from './generated_request.js'
import { acceptHeaders, oddContentTypes, versionHeaderLines, type HeaderLines } from './headers.js'
import { oddTargets, paths } from './paths.js'
import { SOME_ID } from './values.js'

/** Every method a route takes, the ones none takes, and tokens no server knows. */
const methods = fc.oneof(
  { weight: 5, arbitrary: fc.constant('POST') },
  { weight: 3, arbitrary: fc.constant('GET') },
  { weight: 4, arbitrary: fc.constantFrom('PUT', 'PATCH', 'DELETE', 'HEAD', 'OPTIONS', 'TRACE') },
  {
    weight: 1,
    arbitrary: fc.constantFrom(
      'PROPFIND',
      'PURGE',
      'QUERY',
      'SEARCH',
      'LINK',
      'M-SEARCH',
      'BREW',
      'FOO'
    ),
  }
)

/** Headers no endpoint reads, some of which a framework might. */
const otherHeaders = fc.subarray<[string, string]>([
  ['connection', 'close'],
  ['x-forwarded-for', 'not-an-address, 999.1.1.1'],
  ['x-http-method-override', 'DELETE'],
  ['range', 'bytes=0-0'],
  ['if-none-match', '*'],
  ['if-modified-since', 'yesterday'],
  ['authorization', 'Bearer \u00ff'],
  ['cookie', '__proto__=1; constructor=2; a'],
  ['accept-encoding', 'gzip, br;q=abc, *;q=-1'],
  ['accept-charset', 'utf-16'],
  ['accept-language', '*;q=1e400'],
  ['te', 'trailers'],
  ['max-forwards', '-1'],
  ['origin', 'null'],
])

/** Where a body is read: the creates, however the version is named. */
const creates = fc.constantFrom(
  '/api/catalog',
  '/api/catalog/',
  '/api/v1/catalog',
  '/api/v2/catalog',
  '/api/catalog?api-version=2.0'
)

/** Any method to any target, or (as often) a POST to where bodies are read. */
const methodsAndTargets = fc.oneof(
  fc.record({
    method: methods,
    target: fc.oneof({ weight: 5, arbitrary: paths }, { weight: 2, arbitrary: oddTargets }),
  }),
  fc.record({ method: fc.constant('POST'), target: creates })
)

/** A request an HTTP client can send: odd method, target, headers and body, well framed. */
const clientRequests: fc.Arbitrary<ClientCase> = fc
  .record({
    methodAndTarget: methodsAndTargets,
    body: oddBodies,
    contentType: oddContentTypes,
    versionLines: versionHeaderLines,
    accept: fc.option(acceptHeaders, { nil: undefined }),
    others: otherHeaders,
  })
  .chain((request) =>
    encodedBodies(request.body).map((encoded): ClientCase => {
      const headers: HeaderLines = []
      if (request.contentType !== undefined) headers.push(['content-type', request.contentType])
      headers.push(...request.versionLines, ...encoded.headers, ...request.others)
      if (request.accept !== undefined) headers.push(['accept', request.accept])
      return {
        framing: 'client',
        kind: encoded.encoding === 'none' ? 'generated' : `generated, ${encoded.encoding}`,
        ...request.methodAndTarget,
        headers,
        body: encoded.body,
      }
    })
  )

const JSON_TYPE: [string, string] = ['content-type', 'application/json']

/** Requests the API answers with a success (or a 404 for an id nobody created). */
const goodRequests: fc.Arbitrary<ClientCase> = fc.oneof(
  fc
    .constantFrom(
      ['GET', '/health/live'],
      ['GET', '/api/catalog/sample'],
      ['GET', '/api/v2/catalog/sample'],
      ['GET', '/api/orders/sample'],
      ['GET', '/openapi/catalog-v1.json'],
      ['GET', `/api/v2/catalog/${SOME_ID}`],
      ['HEAD', '/api/catalog/sample'],
      ['OPTIONS', '/api/catalog']
    )
    .map(([method, target]): ClientCase => ({
      framing: 'client',
      kind: 'good',
      method,
      target,
      headers: [],
    })),
  fc
    .tuple(fc.constantFrom('/api/catalog', '/api/v2/catalog'), validProducts)
    .map(([target, product]): ClientCase => ({
      framing: 'client',
      kind: 'good',
      method: 'POST',
      target,
      headers: [JSON_TYPE],
      body: Buffer.from(JSON.stringify(product)),
    }))
)

/**
 * The chaos run's mix: mostly generated bad requests an HTTP client can send, a fifth with
 * broken framing for a raw socket, a tenth good requests.
 */
export const chaosRequests: fc.Arbitrary<GeneratedRequest> = fc.oneof(
  { weight: 14, arbitrary: clientRequests },
  { weight: 4, arbitrary: brokenFraming },
  { weight: 2, arbitrary: goodRequests }
)
