import { test } from '@japa/runner'
import { createHash } from 'node:crypto'
import { apiReferencePage } from '#kit/host/api_reference_page'

const assets = { url: (name: string) => `/docs/assets/5.0.0/${name}` }

test.group('API reference page', () => {
  test('offers every document by module and version, and links each', ({ assert }) => {
    const { html } = apiReferencePage(
      [
        { module: 'catalog', version: '1.0', path: '/openapi/catalog-v1.json', build: () => ({}) },
        { module: 'order_items', path: '/openapi/order_items.json', build: () => ({}) },
      ],
      assets
    )
    assert.include(html, '{"url":"/openapi/catalog-v1.json","name":"Catalog 1.0"}')
    assert.include(html, '{"url":"/openapi/order_items.json","name":"Order Items"}')
    assert.include(html, '<a href="/openapi/catalog-v1.json">Catalog 1.0</a>')
    assert.include(html, '<script src="/docs/assets/5.0.0/swagger-ui-bundle.js"></script>')
  })

  test('allows its own inline script by hash, and nothing from elsewhere', ({ assert }) => {
    const { html, contentSecurityPolicy } = apiReferencePage([], assets)
    const inline = /<script>([\s\S]*?)<\/script>/.exec(html)![1]
    const hash = createHash('sha256').update(inline).digest('base64')
    assert.include(contentSecurityPolicy, `script-src 'self' 'sha256-${hash}'`)
    assert.include(contentSecurityPolicy, "default-src 'none'")
    assert.include(contentSecurityPolicy, "connect-src 'self'")
    assert.include(contentSecurityPolicy, "frame-ancestors 'none'")
  })

  test('escapes what it prints', ({ assert }) => {
    const { html } = apiReferencePage(
      [{ module: '</script><script>', path: '/x"y', build: () => ({}) }],
      assets
    )
    assert.notInclude(html, '</script><script>')
    assert.include(html, '&#60;/script&#62;')
    assert.include(html, '\\u003c/script>')
  })

  test("links each module's AsyncAPI document, and lists none when there is none", ({ assert }) => {
    const events = [{ module: 'order_items', path: '/asyncapi/order_items.json' }]
    const { html } = apiReferencePage([], assets, events)
    assert.include(html, '<a href="/asyncapi/order_items.json">Order Items</a>')
    assert.notInclude(apiReferencePage([], assets).html, 'AsyncAPI')
  })
})
