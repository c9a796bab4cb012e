import { test } from '@japa/runner'
import fc from 'fast-check'

/*
 * Property-based: thousands of generated requests, good and bad, to every endpoint. Whatever
 * arrives, the answer is the documented success or a 4xx problem-details document, never a 5xx,
 * and the server keeps answering afterwards.
 */

const RUNS = 2000
const base = () => `http://${process.env.HOST}:${process.env.PORT}`
const SOME_ID = '01900000-0000-7000-8000-000000000000'

const paths = fc.constantFrom(
  '/api/catalog',
  '/api/catalog/',
  `/api/catalog/${SOME_ID}`,
  '/api/catalog/sample',
  '/api/catalog/not-a-uuid',
  '/api/v1/catalog',
  '/api/v2/catalog/',
  `/api/v2/catalog/${SOME_ID}`,
  `/api/v3/catalog/${SOME_ID}`,
  '/api/v1.0/catalog/sample',
  '/api/vx/catalog/sample',
  '/api/orders/sample',
  '/api/v2/orders/sample',
  '/openapi/catalog-v1.json',
  '/api/nowhere',
  "/api/catalog/' OR 1=1 --",
  '/api/catalog/%00',
  '/api/catalog/..%2F..%2Fetc%2Fpasswd'
)

const versions = fc.oneof(
  fc.constantFrom('1.0', '2.0', '2', 'v1', '9.0', 'abc', '', '1.0.0', '-1', 'NaN', '1e9', '٢'),
  fc.string({ maxLength: 12 })
)

const weirdStrings = fc.oneof(
  fc.string(),
  fc.string({ unit: 'binary', maxLength: 50 }),
  fc.constantFrom(
    "'; DROP TABLE catalog_products; --",
    '" OR ""="',
    'NaN',
    'Infinity',
    '-0',
    '1e309',
    '\u0000\u0001\u0007',
    '\u202e\ufeff',
    '😀'.repeat(100),
    '<script>alert(1)</script>',
    '__proto__'
  )
)

const weirdNumbers = fc.oneof(
  fc.double(),
  fc.integer(),
  fc.constantFrom(0, -0, 1e308, -1e308, 5e-324, Number.MAX_SAFE_INTEGER + 2, 19.99, 0.001)
)

const productLike = fc.record(
  {
    name: fc.oneof(weirdStrings, weirdNumbers, fc.constant(null), fc.array(fc.string())),
    price: fc.oneof(weirdNumbers, weirdStrings, fc.constant(null), fc.boolean()),
    category: fc.oneof(weirdStrings, fc.constant(null), weirdNumbers),
  },
  { requiredKeys: [] }
)

function nested(depth: number): string {
  return '['.repeat(depth) + ']'.repeat(depth)
}

const bodies = fc.oneof(
  { weight: 6, arbitrary: productLike.map((value) => JSON.stringify(value)) },
  { weight: 2, arbitrary: fc.jsonValue().map((value) => JSON.stringify(value)) },
  { weight: 2, arbitrary: fc.string() },
  { weight: 1, arbitrary: fc.integer({ min: 10, max: 200_000 }).map(nested) },
  { weight: 1, arbitrary: fc.constant('{"name":"a","name":"Duplicate","price":1,"price":2}') },
  {
    weight: 1,
    arbitrary: fc.constant(JSON.stringify({ name: 'x'.repeat(1024 * 1024 + 1), price: 1 })),
  },
  { weight: 1, arbitrary: fc.constant('{"name": "Pen", "price": 1') },
  { weight: 1, arbitrary: fc.constant(undefined) }
)

const contentTypes = fc.constantFrom(
  'application/json',
  'application/json; charset=utf-8',
  'application/vnd.api+json',
  'text/plain',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=x',
  'application/xml',
  undefined
)

const requests = fc.record({
  method: fc.constantFrom('GET', 'POST', 'DELETE', 'PUT', 'PATCH'),
  path: paths,
  queryVersion: fc.option(versions, { nil: undefined }),
  headerVersion: fc.option(versions, { nil: undefined }),
  body: bodies,
  contentType: contentTypes,
})

test.group('Hardening: bad input', () => {
  test(`${RUNS} generated requests never get a 5xx, and failures are problem details`, async ({
    assert,
  }) => {
    let sent = 0
    await fc.assert(
      fc.asyncProperty(requests, async (request) => {
        const url = new URL(request.path, base())
        if (request.queryVersion !== undefined)
          url.searchParams.set('api-version', request.queryVersion)
        const headers: Record<string, string> = {}
        if (request.contentType) headers['content-type'] = request.contentType
        if (request.headerVersion !== undefined)
          headers['x-api-version'] = request.headerVersion.replace(/[^\x20-\x7e]/g, '?')
        const hasBody = request.method !== 'GET' && request.body !== undefined
        const response = await fetch(url, {
          method: request.method,
          headers,
          body: hasBody ? request.body : undefined,
        })
        const text = await response.text()
        sent += 1
        const context = `${request.method} ${url.pathname}${url.search} (${request.contentType}) → ${response.status} ${text.slice(0, 300)}`
        assert.isBelow(response.status, 500, context)
        if (response.status >= 400) {
          assert.match(
            response.headers.get('content-type') ?? '',
            /^application\/problem\+json/,
            context
          )
          const problem = JSON.parse(text)
          assert.equal(problem.status, response.status, context)
          assert.isString(problem.code, context)
        }
      }),
      { numRuns: RUNS }
    )
    assert.isAtLeast(sent, RUNS)

    const health = await fetch(new URL('/api/catalog/sample', base()))
    assert.equal(health.status, 200)
  }).timeout(240_000)
})
