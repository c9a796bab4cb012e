import { test } from '@japa/runner'
import router from '@adonisjs/core/services/router'

test.group('Route names', (group) => {
  group.tap((t) => t.tags(['@any-database']))

  test('every route of the host and its modules has a name of its own', ({ assert }) => {
    const routes = Object.values(router.toJSON()).flat()
    assert.isAbove(routes.length, 10)
    const unnamed = routes.filter((route) => !route.name).map((route) => route.pattern)
    assert.deepEqual(unnamed, [], 'node ace list:routes would show these as closures')
    const names = routes.map((route) => route.name!)
    assert.deepEqual(
      names.filter((name, index) => names.indexOf(name) !== index),
      [],
      'a name is given twice'
    )
  })

  test('an endpoint is named after its file, under its module, once per mount point', ({
    assert,
  }) => {
    const named = new Map(
      Object.values(router.toJSON())
        .flat()
        .map((route) => [route.name, `${route.methods.join(',')} ${route.pattern}`])
    )
    assert.equal(named.get('catalog.create_product'), 'POST /api/catalog')
    assert.equal(named.get('catalog.versioned.create_product'), 'POST /api/:version/catalog')
    assert.equal(named.get('orders.get_catalog_product'), 'GET,HEAD /api/orders/products/:id')
    assert.equal(named.get('openapi.catalog_v2'), 'GET,HEAD /openapi/catalog-v2.json')
    assert.equal(named.get('health.ready'), 'GET,HEAD /health/ready')
  })
})
