import { test } from '@japa/runner'
import type { PrismAnswer, PrismViolation } from '#tests/prism_replay/prism_answer'
import { operationsOf } from '#tests/prism_fuzz/operations'
import { fuzzRequests, type FuzzRequest } from '#tests/prism_fuzz/requests'
import { judgeFuzzed } from '#tests/prism_fuzz/verdict'

/** POST /api/shop/{id} with { price } (2 decimals), a version in a header and the query. */
const DOCUMENT = {
  openapi: '3.1.0',
  paths: {
    '/api/shop/sample': { get: { responses: { '200': { description: 'A sample' } } } },
    '/api/shop/{id}': {
      parameters: [
        { name: 'id', in: 'path', required: true, schema: { type: 'string', format: 'uuid' } },
      ],
      post: {
        parameters: [
          { $ref: '#/components/parameters/Version' },
          { name: 'X-Version', in: 'header', schema: { type: 'string', pattern: '^\\s*1\\s*$' } },
        ],
        requestBody: {
          content: {
            'application/json': {
              schema: {
                type: 'object',
                properties: { price: { type: 'number', minimum: 0, multipleOf: 0.01 } },
                required: ['price'],
                additionalProperties: false,
              },
            },
          },
        },
        responses: { '201': { description: 'Created' } },
      },
    },
  },
  components: {
    parameters: {
      Version: { name: 'v', in: 'query', schema: { type: 'string', pattern: '^1(\\.0)?$' } },
    },
  },
}

const REQUEST: FuzzRequest = {
  document: 'shop.json',
  operation: 'POST /api/shop/{id}',
  method: 'POST',
  path: '/api/shop/0b0e4a52-4b1f-4b8e-9d61-4d1d6f3c2a10',
  query: new URLSearchParams(),
  headers: { 'content-type': 'application/json' },
  body: '{"price":19.99}',
}

function answer(status: number, violations: PrismViolation[] = [], body = ''): PrismAnswer {
  const headers: PrismAnswer['headers'] = { 'content-type': 'application/json' }
  if (violations.length > 0) headers['sl-violations'] = JSON.stringify(violations)
  return { status, headers, body }
}

const violation = (location: string[], message = 'must be string'): PrismViolation => ({
  location,
  severity: 'Error',
  code: 'type',
  message,
})

test.group('Prism fuzz / requests from a document', () => {
  test('every operation, writes first, with its path parameters and $refs resolved', ({
    assert,
  }) => {
    const operations = operationsOf('shop.json', DOCUMENT)
    assert.deepEqual(
      operations.map(({ method, path }) => `${method} ${path}`),
      ['post /api/shop/{id}', 'get /api/shop/sample']
    )
    assert.deepEqual(
      operations[0].parameters.map(({ name }) => name),
      ['id', 'v', 'X-Version']
    )
  })

  test('valid requests fill the path, and known ids come back', ({ assert }) => {
    const [post] = operationsOf('shop.json', DOCUMENT)
    const id = '0b0e4a52-4b1f-4b8e-9d61-4d1d6f3c2a10'
    const requests = fuzzRequests(post, { ids: [id], seed: 1, valid: 40, invalid: 0 })
    assert.lengthOf(requests, 40)
    assert.isTrue(requests.some(({ path }) => path === `/api/shop/${id}`))
    for (const request of requests) {
      assert.isUndefined(request.breaks)
      assert.match(request.path, /^\/api\/shop\/[0-9a-f-]{36}$/)
      assert.match(request.query.get('v') ?? '1', /^1(\.0)?$/)
      // Drawn from the pattern `^\s*1\s*$`, with no line break a header cannot carry.
      assert.match(request.headers['x-version'] ?? '1', /^[ \t]*1[ \t]*$/)
      const { price } = JSON.parse(request.body!) as { price: number }
      assert.isAtLeast(price, 0)
    }
  })

  test('invalid requests break one rule, parameters with letters only', ({ assert }) => {
    const [post, sample] = operationsOf('shop.json', DOCUMENT)
    const requests = fuzzRequests(post, { ids: [], seed: 3, valid: 0, invalid: 60 })
    const broken = new Set(requests.map(({ breaks }) => breaks?.replace(/:.*/, '')))
    assert.includeMembers(
      [...broken],
      ['body price', 'path parameter id', 'query parameter v', 'header parameter X-Version']
    )
    for (const request of requests.filter(({ breaks }) => breaks?.startsWith('path'))) {
      assert.match(request.path, /^\/api\/shop\/[a-zA-Z]+$/)
      assert.notEqual(request.path, '/api/shop/sample')
    }
    // Nothing to break in an operation without parameters or a body.
    assert.lengthOf(fuzzRequests(sample, { ids: [], seed: 3, valid: 0, invalid: 5 }), 0)
  })
})

test.group('Prism fuzz / verdict', () => {
  test('a valid request answered as declared is no problem', ({ assert }) => {
    assert.deepEqual(judgeFuzzed(REQUEST, answer(201)), { problems: [], floatFindings: 0 })
  })

  test("Prism's multipleOf division of 19.99 is dismissed, counted", ({ assert }) => {
    const finding = { ...violation(['request', 'body', 'price']), code: 'multipleOf' }
    finding.message = 'must be multiple of 0.01'
    assert.deepEqual(judgeFuzzed(REQUEST, answer(201, [finding])), {
      problems: [],
      floatFindings: 1,
    })
  })

  test('an answer the operation does not declare is reported, a 5xx too', ({ assert }) => {
    const { problems } = judgeFuzzed(
      REQUEST,
      answer(500, [violation(['response', 'body', 'id'])], '{"code":"Boom"}')
    )
    assert.deepEqual(problems, [
      'the 500 answer is not one the operation declares: response.body.id: must be string',
      'the service failed (500): {"code":"Boom"}',
    ])
  })

  test('a valid request Prism refuses, or the service refuses, is reported', ({ assert }) => {
    const { problems } = judgeFuzzed(
      REQUEST,
      answer(400, [violation(['request', 'query', 'v'])], '{"code":"Validation.Failed"}')
    )
    assert.deepEqual(problems, [
      'Prism refuses this request generated valid: request.query.v: must be string',
      'the service refused (400) a request the document allows: {"code":"Validation.Failed"}',
    ])
  })

  test('an invalid request Prism lets by, or the service accepts, is reported', ({ assert }) => {
    const invalid = { ...REQUEST, breaks: 'body price: minimum' }
    assert.deepEqual(judgeFuzzed(invalid, answer(201)).problems, [
      'Prism finds nothing wrong with a request made to break body price: minimum',
      'the service accepted (201) a request that breaks body price: minimum',
    ])
    const refused = answer(400, [violation(['request', 'body', 'price'])])
    assert.deepEqual(judgeFuzzed(invalid, refused).problems, [])
  })

  test('an answer Prism made itself means it could not judge', ({ assert }) => {
    const noPath = {
      status: 404,
      headers: { 'content-type': 'application/problem+json' },
      body: JSON.stringify({ type: 'https://stoplight.io/prism/errors#NO_PATH_MATCHED_ERROR' }),
    }
    assert.match(
      judgeFuzzed(REQUEST, noPath).problems[0],
      /^Prism answered for itself \(NO_PATH_MATCHED_ERROR\)/
    )
  })
})
