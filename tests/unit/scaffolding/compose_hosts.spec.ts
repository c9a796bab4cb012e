import { test } from '@japa/runner'
import { gatewayConfig, hostSets } from '#kit/scaffolding/compose_hosts'

const MODULES = ['billing', 'catalog', 'order_items', 'orders']

test.group('compose:hosts, the plan', (group) => {
  group.tap((t) => t.tags(['@any-database']))
  test('names hosts and databases in the app order of their modules, whatever the typed order', ({
    assert,
  }) => {
    const typed = hostSets(['Orders,billing', 'OrderItems,catalog'], MODULES, 'shop')
    const again = hostSets(['catalog,order-items', 'billing,orders'], MODULES, 'shop')
    assert.deepEqual(typed, [...again].reverse())
    assert.deepEqual(typed, [
      {
        service: 'host-billing-orders',
        modules: ['billing', 'orders'],
        database: 'shop_billing_orders',
      },
      {
        service: 'host-catalog-order-items',
        modules: ['catalog', 'order_items'],
        database: 'shop_catalog_order_items',
      },
    ])
  })

  test("keeps a host's database name within PostgreSQL's 63 bytes, and apart from another's", ({
    assert,
  }) => {
    const long = ['a'.repeat(40) + '_one', 'a'.repeat(40) + '_two', 'b']
    const hosts = hostSets([long[0], `${long[1]},b`], long.sort(), 'a_long_application_name')
    for (const host of hosts) {
      assert.isAtMost(Buffer.byteLength(host.database), 63)
      // Cut short, with a hash of the whole name: the same every time, and apart from another's.
      assert.match(host.database, /^a_long_application_name_a+_[0-9a-f]{8}$/)
    }
    assert.notEqual(hosts[0].database, hosts[1].database)
  })

  test('refuses two hosts that would take one name', ({ assert }) => {
    assert.throws(
      () => hostSets(['a,b_c', 'a_b_c'], ['a', 'a_b_c', 'b_c'], 'shop'),
      'Two hosts would both be named host-a-b-c'
    )
  })

  test("routes a snake_case module's kebab-case paths and its versioned documents to its host", ({
    assert,
  }) => {
    const config = gatewayConfig(
      hostSets(['order_items', 'catalog'], ['catalog', 'order_items'], 'shop'),
      'compose:hosts order_items catalog'
    )
    const route = config
      .split('\n')
      .find((line) => line.includes('location') && line.includes('order-items'))!
      .trim()
    assert.equal(
      route,
      'location ~ ^/(api/(v[0-9][0-9.]*/)?order-items(/|$)|openapi/order-items-v[0-9][0-9._]*\\.json$|asyncapi/order_items\\.json$|docs/events/order_items$) {'
    )
    const pattern = new RegExp(route.slice('location ~ '.length, -2))
    for (const path of [
      '/api/order-items',
      '/api/v2.0/order-items/1',
      '/openapi/order-items-v1.json',
    ])
      assert.match(path, pattern)
    for (const path of ['/api/order-itemsx', '/openapi/order-items-extra-v1.json', '/api/catalog'])
      assert.notMatch(path, pattern)
  })
})
