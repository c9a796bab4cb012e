import { test } from '@japa/runner'
import vine from '@vinejs/vine'
import {
  buildOpenApiDocument,
  defineRepresentation,
  MediatorEndpoint,
  type EndpointDocs,
} from '@pantheon/kit/http'

class ShowThing extends MediatorEndpoint {
  readonly method = 'get'
  readonly path = '/things'
  readonly docs: EndpointDocs = {
    summary: 'Show the things',
    response: {
      status: 200,
      description: 'The things',
      representation: defineRepresentation(vine.object({ name: vine.string() })),
    },
  }
  async handle() {}
}

const route = {
  method: 'GET',
  path: '/things',
  params: {},
  endpoint: new ShowThing(undefined as never),
}

test.group('OpenAPI document of a deprecated version', () => {
  test('marks every operation deprecated and requires the headers the version sends', ({
    assert,
  }) => {
    const document = buildOpenApiDocument({
      module: 'shop',
      version: '1.0',
      defaultVersion: '2.0',
      deprecationHeaders: ['Deprecation', 'Sunset'],
      routes: [route],
    }) as any

    for (const path of ['/api/v1/shop/things', '/api/shop/things']) {
      const operation = document.paths[path].get
      assert.isTrue(operation.deprecated, path)
      const headers = operation.responses['200'].headers
      assert.deepEqual(headers.Deprecation, { $ref: '#/components/headers/Deprecation' })
      assert.deepEqual(headers.Sunset, { $ref: '#/components/headers/Sunset' })
      assert.notProperty(headers, 'Link')
    }
    assert.isTrue(document.components.headers.Deprecation.required)
    assert.include(document.info.description, '(deprecated)')
  })

  test('a current version is not deprecated and sends no deprecation headers', ({ assert }) => {
    const document = buildOpenApiDocument({
      module: 'shop',
      version: '2.0',
      defaultVersion: '2.0',
      routes: [route],
    }) as any
    const operation = document.paths['/api/v2/shop/things'].get
    assert.notProperty(operation, 'deprecated')
    assert.notProperty(operation.responses['200'].headers, 'Deprecation')
  })

  test('an unversioned module has one path per route, no version parameters and no 410', ({
    assert,
  }) => {
    const document = buildOpenApiDocument({ module: 'shop', routes: [route] }) as any
    assert.deepEqual(Object.keys(document.paths), ['/api/shop/things'])
    const operation = document.paths['/api/shop/things'].get
    assert.notProperty(operation, 'parameters')
    assert.notProperty(operation.responses, '410')
    assert.notProperty(document.components, 'parameters')
  })
})
