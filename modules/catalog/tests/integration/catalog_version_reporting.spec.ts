// Written by hand: the version headers every answer carries.
import { test } from '@japa/runner'
import { rawRequest, type RawResponse } from '#tests/common/raw_request'
import { catalogApiVersions } from '../../infrastructure/catalog_api_versions.js'

const UNKNOWN_ID = '01900000-0000-7000-8000-000000000000'

function assertReportsVersions(
  assert: Parameters<Parameters<typeof test>[1] & {}>[0]['assert'],
  response: RawResponse
) {
  assert.equal(response.headers['api-supported-versions'], '1.0, 2.0')
  assert.equal(response.headers.vary, 'X-Api-Version, Accept')
}

test.group('Catalog API versions: every response reports them', (group) => {
  group.each.teardown(() => catalogApiVersions.undeprecate('1.0'))

  test('{label} carries api-supported-versions and Vary')
    .with([
      { label: 'a success', method: 'GET', path: '/api/catalog/sample', status: 200 },
      {
        label: 'a handler failure',
        method: 'GET',
        path: `/api/v2/catalog/${UNKNOWN_ID}`,
        status: 404,
      },
      {
        label: 'malformed JSON',
        method: 'POST',
        path: '/api/catalog',
        body: '{"name": ',
        contentType: 'application/json',
        status: 400,
      },
      {
        label: 'a body that is not JSON',
        method: 'POST',
        path: '/api/v2/catalog',
        body: 'name=Pen',
        contentType: 'text/plain',
        status: 415,
      },
      {
        label: 'a path under /api/catalog no route matches',
        method: 'GET',
        path: '/api/catalog/not-an-id',
        status: 404,
      },
      {
        label: 'a path under /api/v2/catalog no route matches',
        method: 'GET',
        path: '/api/v2/catalog/a/b/c',
        status: 404,
      },
      {
        label: 'a method the path does not take',
        method: 'PUT',
        path: `/api/catalog/${UNKNOWN_ID}`,
        status: 405,
      },
      { label: 'OPTIONS', method: 'OPTIONS', path: `/api/v2/catalog/${UNKNOWN_ID}`, status: 204 },
    ])
    .run(async ({ assert }, { method, path, body, contentType, status }) => {
      const response = await rawRequest(method, path, { body, contentType })
      assert.equal(response.status, status)
      assertReportsVersions(assert, response)
    })

  test('malformed JSON answers 400 with the errors list every 400 carries', async ({ assert }) => {
    const response = await rawRequest('POST', '/api/v2/catalog', {
      body: '{"name": ',
      contentType: 'application/json',
    })
    assert.equal(response.status, 400)
    assert.containsSubset(response.body, {
      code: 'Request.InvalidJson',
      errors: [{ code: 'Request.InvalidJson' }],
    })
  })

  test('a refused body in a deprecated version carries its Deprecation header', async ({
    assert,
  }) => {
    catalogApiVersions.deprecate('1.0', { since: new Date('2026-01-01T00:00:00Z') })
    const response = await rawRequest('POST', '/api/v1/catalog', {
      body: 'name=Pen',
      contentType: 'text/plain',
    })
    assert.equal(response.status, 415)
    assert.equal(response.headers.deprecation, '@1767225600')
    assert.equal(response.headers['api-deprecated-versions'], '1.0')
  })

  test('a path outside every versioned module carries no version headers', async ({ assert }) => {
    for (const path of ['/api/nowhere', '/health/nowhere', '/api/catalogue/x']) {
      const response = await rawRequest('GET', path)
      assert.equal(response.status, 404)
      assert.notProperty(response.headers, 'api-supported-versions')
    }
  })
})
