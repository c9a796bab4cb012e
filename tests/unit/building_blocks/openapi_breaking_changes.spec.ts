import { test } from '@japa/runner'
import { findBreakingChanges } from '@pantheon/kit/testing'

const product = {
  type: 'object',
  properties: {
    id: { type: 'string' },
    price: { type: 'number' },
    status: { enum: ['draft', 'live'] },
  },
  required: ['id', 'price'],
}

function documentWith(options: { request?: object; response?: object; extraPath?: boolean } = {}) {
  return {
    paths: {
      '/api/v1/things': {
        post: {
          requestBody: {
            content: {
              'application/json': {
                schema: options.request ?? {
                  type: 'object',
                  properties: { name: { type: 'string' } },
                  required: ['name'],
                },
              },
            },
          },
          responses: { '201': { content: { 'application/json': { schema: { type: 'string' } } } } },
        },
      },
      '/api/v1/things/{id}': {
        get: {
          responses: {
            '200': { content: { 'application/json': { schema: options.response ?? product } } },
          },
        },
      },
      ...(options.extraPath
        ? { '/api/v1/things/{id}/history': { get: { responses: { '200': {} } } } }
        : {}),
    },
  }
}

test.group('OpenAPI breaking-change detection', () => {
  test('finds nothing between a document and itself, nor for additions', ({ assert }) => {
    assert.deepEqual(findBreakingChanges(documentWith(), documentWith()), [])
    const added = documentWith({
      extraPath: true,
      response: { ...product, properties: { ...product.properties, category: { type: 'string' } } },
      request: {
        type: 'object',
        properties: { name: { type: 'string' }, note: { type: 'string' } },
        required: ['name'],
      },
    })
    assert.deepEqual(findBreakingChanges(documentWith(), added), [])
  })

  test('reports a removed operation', ({ assert }) => {
    const after = documentWith()
    delete (after.paths as Record<string, unknown>)['/api/v1/things/{id}']
    assert.deepEqual(findBreakingChanges(documentWith(), after), [
      'GET /api/v1/things/{id}: the operation was removed',
    ])
  })

  test('reports a removed response field', ({ assert }) => {
    const { price, ...rest } = product.properties
    void price
    const after = documentWith({ response: { ...product, properties: rest } })
    assert.deepEqual(findBreakingChanges(documentWith(), after), [
      'GET /api/v1/things/{id} 200.price: the field was removed',
    ])
  })

  test('reports a removed enum value', ({ assert }) => {
    const after = documentWith({
      response: { ...product, properties: { ...product.properties, status: { enum: ['live'] } } },
    })
    assert.deepEqual(findBreakingChanges(documentWith(), after), [
      'GET /api/v1/things/{id} 200.status: enum value "draft" was removed',
    ])
  })

  test('reports a new required request field', ({ assert }) => {
    const after = documentWith({
      request: {
        type: 'object',
        properties: { name: { type: 'string' }, sku: { type: 'string' } },
        required: ['name', 'sku'],
      },
    })
    assert.deepEqual(findBreakingChanges(documentWith(), after), [
      'POST /api/v1/things request.sku: the field became required',
    ])
  })

  test('reports a changed type', ({ assert }) => {
    const after = documentWith({
      response: { ...product, properties: { ...product.properties, price: { type: 'string' } } },
    })
    assert.deepEqual(findBreakingChanges(documentWith(), after), [
      'GET /api/v1/things/{id} 200.price: type changed from number to string',
    ])
  })
})
