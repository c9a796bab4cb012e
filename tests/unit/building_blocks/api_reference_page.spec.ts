import { test } from '@japa/runner'
import { apiReferencePage } from '#kit/host/api_reference_page'

test.group('API reference page', () => {
  test('links every document and hands them to the viewer', ({ assert }) => {
    const html = apiReferencePage([
      { module: 'catalog', version: '1.0', path: '/openapi/catalog-v1.json', build: () => ({}) },
      { module: 'orders', version: '1.0', path: '/openapi/orders-v1.json', build: () => ({}) },
    ])
    assert.include(html, '<a href="/openapi/catalog-v1.json">catalog 1.0</a>')
    assert.include(html, '<a href="/openapi/orders-v1.json">orders 1.0</a>')
    assert.include(html, '"url":"/openapi/orders-v1.json"')
  })

  test('escapes what it prints', ({ assert }) => {
    const html = apiReferencePage([{ module: '<script>', path: '/x"y', build: () => ({}) }])
    assert.notInclude(html, '<script>"')
    assert.include(html, '&#60;script&#62;')
    assert.notInclude(html, '"title":"<script>"')
  })
})
