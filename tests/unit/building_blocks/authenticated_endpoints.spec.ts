import { test } from '@japa/runner'
import app from '@adonisjs/core/services/app'
import { buildOpenApiDocument, DeclaredPermissions, MediatorEndpoint } from '@pantheon/kit/http'
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
    assert.doesNotThrow(() =>
      assertAuthenticationConfigured(app, 'shop', [{ file: 'api/show_sample_endpoint.ts' }])
    )
    assert.throws(
      () =>
        assertAuthenticationConfigured(app, 'shop', [
          { file: 'api/show_order_endpoint.ts', authenticated: true },
          { file: 'api/place_order_endpoint.ts', permission: 'shop.orders.create' },
        ]),
      'The shop module has endpoints for authenticated callers (api/show_order_endpoint.ts, api/place_order_endpoint.ts), but the app has no authentication: run node ace add-auth'
    )
  })

  test('an operation that needs a permission says which, and answers 403', ({ assert }) => {
    class PlaceOrder extends MediatorEndpoint {
      readonly method = 'post'
      readonly path = '/orders'
      readonly permission = 'shop.orders.create'
      async handle() {}
    }
    const place = {
      method: 'POST',
      path: '/orders',
      params: {},
      endpoint: new PlaceOrder(undefined as never),
    }
    const document = buildOpenApiDocument({ module: 'shop', routes: [place] }) as any
    const operation = document.paths['/api/shop/orders'].post
    assert.deepEqual(operation.security, [{ bearerAuth: [] }])
    assert.include(operation.description, 'Needs the permission `shop.orders.create`')
    assert.properties(operation.responses, ['401', '403'])
  })
})

test.group('Declared permissions', () => {
  test('a module declares its own, as <module>.<resource>.<action>', ({ assert }) => {
    const permissions = new DeclaredPermissions()
    permissions.declare('shop', ['shop.orders.read', 'shop.orders.create'])
    permissions.declare('billing', ['billing.invoices.read'])
    assert.deepEqual(permissions.all(), [
      'billing.invoices.read',
      'shop.orders.create',
      'shop.orders.read',
    ])
    assert.isTrue(permissions.has('shop.orders.read'))
    assert.isFalse(permissions.has('shop.orders.delete'))
  })

  test('refuses {label}')
    .with([
      { label: "another module's", permission: 'billing.invoices.read' },
      { label: 'one without an action', permission: 'shop.orders' },
      { label: 'one in capitals', permission: 'shop.Orders.read' },
      { label: 'one with spaces', permission: 'shop.orders.read all' },
    ])
    .run(({ assert }, { permission }) => {
      assert.throws(
        () => new DeclaredPermissions().declare('shop', [permission]),
        `The shop module declares the permission "${permission}": a permission is shop.<resource>.<action>, in lower case (e.g. shop.orders.read)`
      )
    })
})
