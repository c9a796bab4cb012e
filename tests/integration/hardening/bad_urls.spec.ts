import { test } from '@japa/runner'
import { rawRequest } from '#tests/common/raw_request'

/*
 * A URL that cannot be decoded never reaches the router or the error handler: AdonisJS answered
 * it with a plain-text "Bad Request". Like every other failure, it is problem details.
 */
test.group('Hardening: URLs that cannot be decoded', () => {
  test('{method} {path} answers 400 problem details Request.InvalidUrl')
    .with([
      { method: 'GET', path: '/api/catalog/%ZZ' },
      { method: 'GET', path: '/api/catalog/%' },
      { method: 'GET', path: '/api/v2/catalog/%FF%FE' },
      { method: 'DELETE', path: '/api/catalog/%C0%AF' },
      { method: 'POST', path: '/api/%E0%A4%A/catalog?api-version=2.0' },
      { method: 'OPTIONS', path: '/health/%ZZ' },
    ])
    .run(async ({ assert }, { method, path }) => {
      const response = await rawRequest(method, path, {
        body: '{"name":"Pen","price":1}',
        contentType: 'application/json',
      })
      assert.equal(response.status, 400)
      assert.equal(response.contentType, 'application/problem+json; charset=utf-8')
      assert.containsSubset(response.body, {
        status: 400,
        title: 'Bad Request',
        code: 'Request.InvalidUrl',
        instance: path.split('?')[0],
        traceId: response.headers['x-request-id'],
      })
    })

  test('HEAD gets the status and headers without the body', async ({ assert }) => {
    const response = await rawRequest('HEAD', '/api/catalog/%ZZ')
    assert.equal(response.status, 400)
    assert.equal(response.contentType, 'application/problem+json; charset=utf-8')
    assert.isUndefined(response.body)
  })

  test('keeps the request id the client sent', async ({ assert }) => {
    const response = await rawRequest('GET', '/api/catalog/%ZZ', {
      headers: [['x-request-id', 'client-chosen-id']],
    })
    assert.equal(response.headers['x-request-id'], 'client-chosen-id')
    assert.containsSubset(response.body, { traceId: 'client-chosen-id' })
  })
})
