import { test } from '@japa/runner'
import { DocumentedOperations } from '#tests/common/contract/documented_operations'
import type { Exchange } from '#tests/common/contract/exchange'
import { OpenApiContract } from '#tests/common/contract/openapi_contract'

const PROBLEM = {
  description: 'A problem',
  content: { 'application/problem+json': { schema: { type: 'object', required: ['code'] } } },
}

/** A document with one operation: POST /api/shop with { name } → 201 and an id. */
const DOCUMENT = {
  openapi: '3.1.0',
  paths: {
    '/api/shop': {
      post: {
        parameters: [{ $ref: '#/components/parameters/Version' }],
        requestBody: {
          required: true,
          content: {
            'application/json': {
              schema: {
                type: 'object',
                properties: { name: { type: 'string', minLength: 1 } },
                required: ['name'],
                additionalProperties: false,
              },
            },
          },
        },
        responses: {
          '201': {
            description: 'Created',
            headers: { 'X-Request-Id': { required: true, schema: { type: 'string' } } },
            content: { 'application/json': { schema: { type: 'string', format: 'uuid' } } },
          },
          '400': { $ref: '#/components/responses/Problem' },
        },
      },
    },
  },
  components: {
    parameters: {
      Version: { name: 'api-version', in: 'query', schema: { type: 'string', pattern: '^1$' } },
    },
    responses: { Problem: PROBLEM },
  },
}

const ID = '01900000-0000-7000-8000-000000000000'

function exchange(overrides: Partial<Exchange> = {}): Exchange {
  return {
    method: 'POST',
    path: '/api/shop',
    query: new URLSearchParams(),
    requestHeaders: { 'content-type': 'application/json' },
    requestBody: JSON.stringify({ name: 'Pen' }),
    status: 201,
    responseHeaders: { 'content-type': 'application/json; charset=utf-8', 'x-request-id': 'r1' },
    responseBody: JSON.stringify(ID),
    ...overrides,
  }
}

const problem400 = {
  status: 400,
  responseHeaders: { 'content-type': 'application/problem+json', 'x-request-id': 'r2' },
  responseBody: JSON.stringify({ code: 'Validation.Failed' }),
}

test.group('OpenAPI contract', () => {
  const contract = new OpenApiContract({ 'shop.json': DOCUMENT })

  test('a documented request and its declared response conform', ({ assert }) => {
    assert.deepEqual(contract.check(exchange()), { documented: true, violations: [] })
  })

  test('a trailing slash is the same path', ({ assert }) => {
    assert.deepEqual(contract.check(exchange({ path: '/api/shop/' })).violations, [])
  })

  test('a concrete path is matched before a templated one', ({ assert }) => {
    const operations = new DocumentedOperations({
      'shop.json': {
        paths: {
          '/api/shop/{id}': { get: { responses: {} } },
          '/api/shop/sample': { get: { responses: {} } },
        },
      },
    })
    assert.deepEqual(
      operations.match('GET', '/api/shop/sample').map((matched) => matched.path),
      ['/api/shop/sample']
    )
    assert.deepEqual(
      operations.match('GET', '/api/shop/42').map((matched) => matched.pathParams),
      [{ id: '42' }]
    )
  })

  test('an undocumented path is not held to anything', ({ assert }) => {
    assert.deepEqual(contract.check(exchange({ path: '/api/elsewhere' })), {
      documented: false,
      violations: [],
    })
  })

  test('the service accepting a request the document does not allow is a violation', ({
    assert,
  }) => {
    const { violations } = contract.check(
      exchange({ requestBody: JSON.stringify({ name: 'Pen', bogus: 1 }) })
    )
    assert.match(violations[0], /accepted \(201\) a request no document allows/)
    assert.match(violations[1], /additional properties/)
  })

  test('the service refusing a request the document allows is a violation', ({ assert }) => {
    const { violations } = contract.check(exchange(problem400))
    assert.match(violations[0], /refused \(400\) a request shop.json POST \/api\/shop allows/)
  })

  test('a refused request the document does not allow is fine', ({ assert }) => {
    const refused = contract.check(exchange({ ...problem400, requestBody: '{"name":""}' }))
    assert.deepEqual(refused.violations, [])
    const badVersion = contract.check(
      exchange({ ...problem400, query: new URLSearchParams('api-version=2') })
    )
    assert.deepEqual(badVersion.violations, [])
  })

  test('a version named in Accept may be refused, since no document can describe it', ({
    assert,
  }) => {
    const namedInAccept = (accept: string) =>
      contract.check(
        exchange({
          ...problem400,
          requestHeaders: { 'content-type': 'application/json', accept },
        })
      ).violations
    assert.deepEqual(namedInAccept('application/json;v=2.0'), [])
    assert.deepEqual(namedInAccept('application/json; V = 2, */*'), [])
    assert.match(namedInAccept('application/json')[0], /refused \(400\) a request/)
  })

  test('a HEAD is held to the GET of its path, without the body; OPTIONS to nothing', ({
    assert,
  }) => {
    const document = {
      paths: {
        '/api/shop/{id}': {
          get: {
            parameters: [{ name: 'id', in: 'path', required: true, schema: { format: 'uuid' } }],
            responses: {
              '200': {
                headers: { 'X-Request-Id': { required: true, schema: { type: 'string' } } },
                content: { 'application/json': { schema: { type: 'object' } } },
              },
            },
          },
        },
      },
    }
    const shop = new OpenApiContract({ 'shop.json': document })
    const head = (overrides: Partial<Exchange>) =>
      shop.check({
        ...exchange({ method: 'HEAD', path: `/api/shop/${ID}`, requestBody: undefined }),
        status: 200,
        responseBody: '',
        ...overrides,
      })
    assert.deepEqual(head({}), { documented: true, violations: [] })
    assert.match(head({ responseHeaders: {} }).violations.join('\n'), /X-Request-Id is required/)
    assert.match(head({ status: 201 }).violations.join('\n'), /status 201 is not declared/)
    assert.deepEqual(head({ method: 'OPTIONS', status: 204 }), {
      documented: false,
      violations: [],
    })
  })

  test('{label} is a violation')
    .with<{ label: string; overrides: Partial<Exchange>; reason: RegExp }[]>([
      {
        label: 'an undeclared status',
        overrides: { status: 202 },
        reason: /status 202 is not declared/,
      },
      {
        label: 'a missing required header',
        overrides: { responseHeaders: { 'content-type': 'application/json' } },
        reason: /response header X-Request-Id is required/,
      },
      {
        label: 'a body of another shape',
        overrides: { responseBody: '"not-a-uuid"' },
        reason: /201 body must match format "uuid"/,
      },
      {
        label: 'a body of an undeclared media type',
        overrides: { responseHeaders: { 'content-type': 'text/plain', 'x-request-id': 'r' } },
        reason: /201 body is text\/plain/,
      },
    ])
    .run(({ assert }, { overrides, reason }) => {
      const { violations } = contract.check(exchange(overrides))
      assert.match(violations.join('\n'), reason)
    })
})

/** Shop's document of one version: its operation under the version's segment, and maybe bare. */
function versionDocument(major: string, withUnversionedPath: boolean) {
  const operation = {
    ...DOCUMENT.paths['/api/shop'].post,
    parameters: [
      { $ref: '#/components/parameters/Version' },
      { $ref: '#/components/parameters/VersionHeader' },
    ],
  }
  const spelling = `\\s*${major}(\\.0)?\\s*`
  return {
    openapi: '3.1.0',
    paths: {
      [`/api/v${major}/shop`]: { post: operation },
      ...(withUnversionedPath ? { '/api/shop': { post: operation } } : {}),
    },
    components: {
      ...DOCUMENT.components,
      parameters: {
        Version: { name: 'api-version', in: 'query', schema: { pattern: `^${spelling}$` } },
        VersionHeader: {
          name: 'X-Api-Version',
          in: 'header',
          schema: { pattern: `^${spelling}(,${spelling})*$` },
        },
      },
    },
  }
}

test.group('OpenAPI contract: a version named outside the URL', () => {
  // 1.0 is the default: only its document lists /api/shop.
  const contract = new OpenApiContract({
    'shop-v1.json': versionDocument('1', true),
    'shop-v2.json': versionDocument('2', false),
  })

  test('on an unversioned path, {label} is read as the URL segment of that version')
    .with<{ label: string; query: string; headers: Record<string, string> }[]>([
      { label: 'api-version=2.0', query: 'api-version=2.0', headers: {} },
      { label: 'X-Api-Version: 2', query: '', headers: { 'x-api-version': '2' } },
      { label: "Accept's v=2.0", query: '', headers: { accept: 'application/json;v=2.0' } },
      {
        label: 'the same version named twice',
        query: 'api-version=2',
        headers: { 'x-api-version': '2.0, 2' },
      },
    ])
    .run(({ assert }, { query, headers }) => {
      const verdict = contract.check(
        exchange({
          query: new URLSearchParams(query),
          requestHeaders: { 'content-type': 'application/json', ...headers },
        })
      )
      assert.deepEqual(verdict, { documented: true, violations: [] })
    })

  test('two different versions, or one that is not a version, are not read as a segment', ({
    assert,
  }) => {
    for (const [query, header] of [
      ['api-version=2', '1'],
      ['api-version=v2', undefined],
      ['api-version=', undefined],
    ]) {
      const { violations } = contract.check(
        exchange({
          query: new URLSearchParams(query),
          requestHeaders: {
            'content-type': 'application/json',
            ...(header === undefined ? {} : { 'x-api-version': header }),
          },
        })
      )
      assert.match(violations[0], /accepted \(201\) a request no document allows/, query)
    }
  })
})
