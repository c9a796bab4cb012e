import { test } from '@japa/runner'
import app from '@adonisjs/core/services/app'
import { buildOpenApiDocument, MediatorEndpoint } from '@pantheon/kit/http'
import { assertAuthenticationConfigured } from '#kit/building_blocks/infrastructure/auth/authentication'

class ShowOrder extends MediatorEndpoint {
  readonly method = 'get'
  readonly path = '/orders'
  readonly authenticated = true
  async handle() {}
}

class ShowSample extends MediatorEndpoint {
  readonly method = 'get'
  readonly path = '/sample'
  async handle() {}
}

const routes = [
  { method: 'GET', path: '/orders', params: {}, endpoint: new ShowOrder(undefined as never) },
  { method: 'GET', path: '/sample', params: {}, endpoint: new ShowSample(undefined as never) },
]

test.group('Endpoints for authenticated callers', () => {
  test('their operations name the bearer scheme and answer 401 with WWW-Authenticate', ({
    assert,
  }) => {
    const document = buildOpenApiDocument({ module: 'shop', routes }) as any
    assert.deepEqual(document.components.securitySchemes.bearerAuth.scheme, 'bearer')
    const orders = document.paths['/api/shop/orders'].get
    assert.deepEqual(orders.security, [{ bearerAuth: [] }])
    assert.deepEqual(orders.responses['401'], { $ref: '#/components/responses/Unauthorized' })
    assert.deepEqual(document.components.responses.Unauthorized.headers['WWW-Authenticate'], {
      $ref: '#/components/headers/WwwAuthenticate',
    })
    const sample = document.paths['/api/shop/sample'].get
    assert.notProperty(sample, 'security')
    assert.notProperty(sample.responses, '401')
  })

  test('a module without one declares no security scheme', ({ assert }) => {
    const document = buildOpenApiDocument({ module: 'shop', routes: [routes[1]] }) as any
    assert.notProperty(document.components, 'securitySchemes')
    assert.deepEqual(document.security, [])
  })

  test('an app without authentication stops at start, naming them and add-auth', ({ assert }) => {
    // This repository's app registers no @adonisjs/auth provider.
    assert.doesNotThrow(() => assertAuthenticationConfigured(app, 'shop', []))
    assert.throws(
      () => assertAuthenticationConfigured(app, 'shop', ['api/show_order_endpoint.ts']),
      'The shop module has endpoints for authenticated callers (api/show_order_endpoint.ts), but the app has no authentication: run node ace add-auth'
    )
  })
})
