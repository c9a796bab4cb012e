import { IncomingMessage } from 'node:http'
import { Socket } from 'node:net'
import { test } from '@japa/runner'
import testUtils from '@adonisjs/core/services/test_utils'
import type { HttpContext } from '@adonisjs/core/http'
import { buildOpenApiDocument } from '@pantheon/kit/http'
import type { Endpoint } from '../../app/building_blocks/infrastructure/http/endpoint.js'
import { endpointHandler } from '../../app/building_blocks/infrastructure/http/endpoint_handler.js'

/** An endpoint of a resource with versions that records that it ran. */
function conditionalEndpoint(method: 'get' | 'put' | 'delete'): Endpoint & { ran: number } {
  return {
    method,
    path: '/:id',
    conditional: true,
    ran: 0,
    async handle(ctx: HttpContext) {
      this.ran++
      ctx.response.status(204).send('')
    },
  }
}

async function requestTo(method: string, headers: Record<string, string>) {
  const req = new IncomingMessage(new Socket())
  req.method = method
  req.url = '/api/probes/0190a5a8-0000-7000-8000-000000000001'
  Object.assign(req.headers, headers)
  return testUtils.createHttpContext({ req })
}

test.group('Preconditions at the HTTP edge', () => {
  test('a module that requires If-Match answers 428 to a change without one, and runs nothing', async ({
    assert,
  }) => {
    for (const method of ['put', 'delete'] as const) {
      const endpoint = conditionalEndpoint(method)
      const ctx = await requestTo(method.toUpperCase(), {})
      await endpointHandler(endpoint, { requireIfMatch: true })(ctx)
      assert.equal(ctx.response.getStatus(), 428)
      assert.containsSubset(JSON.parse(ctx.response.getBody()), {
        status: 428,
        title: 'Precondition Required',
        code: 'Request.IfMatchRequired',
      })
      assert.equal(endpoint.ran, 0)
    }
  })

  test('with If-Match, or on a GET, the endpoint runs; without the requirement, If-Match is optional', async ({
    assert,
  }) => {
    const cases = [
      { method: 'put', headers: { 'if-match': '"1"' }, requireIfMatch: true },
      { method: 'get', headers: {}, requireIfMatch: true },
      { method: 'delete', headers: {}, requireIfMatch: false },
    ] as const
    for (const { method, headers, requireIfMatch } of cases) {
      const endpoint = conditionalEndpoint(method)
      const ctx = await requestTo(method.toUpperCase(), headers)
      await endpointHandler(endpoint, { requireIfMatch })(ctx)
      assert.equal(endpoint.ran, 1, `${method} ${JSON.stringify(headers)}`)
    }
  })

  test('an endpoint without versions ignores the headers, as RFC 9110 allows', async ({
    assert,
  }) => {
    const endpoint = { ...conditionalEndpoint('put'), conditional: false }
    const ctx = await requestTo('PUT', { 'if-match': 'not a tag' })
    await endpointHandler(endpoint, { requireIfMatch: true })(ctx)
    assert.equal(endpoint.ran, 1)
  })

  test('the API document says If-Match is required, and lists 412 and 428, where it is', async ({
    assert,
  }) => {
    const document = (requireIfMatch: boolean) =>
      buildOpenApiDocument({
        module: 'probes',
        requireIfMatch,
        routes: [{ method: 'PUT', path: '/:id', params: {}, endpoint: conditionalEndpoint('put') }],
      }) as { paths: Record<string, { put: Record<string, any> }> }
    const required = document(true).paths['/api/probes/{id}'].put
    const optional = document(false).paths['/api/probes/{id}'].put
    const ifMatch = (operation: Record<string, any>) =>
      operation.parameters.find((parameter: { name: string }) => parameter.name === 'If-Match')
    assert.isTrue(ifMatch(required).required)
    assert.isFalse(ifMatch(optional).required)
    assert.containsSubset(Object.keys(required.responses), ['412', '428'])
    assert.include(Object.keys(optional.responses), '412')
    assert.notInclude(Object.keys(optional.responses), '428')
  })
})
