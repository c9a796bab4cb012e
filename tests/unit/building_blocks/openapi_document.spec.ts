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

    for (const path of ['/api/v1/shop/things']) {
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

class ProbeThings extends MediatorEndpoint {
  readonly method = 'get'
  readonly path = '/probe'
  readonly apiVersionNeutral = true
  async handle() {}
}

const neutralRoute = {
  method: 'GET',
  path: '/probe',
  params: {},
  endpoint: new ProbeThings(undefined as never),
}

test.group('OpenAPI document: version parameters', () => {
  test('only the default version lists the unversioned paths, version-neutral ones aside', ({
    assert,
  }) => {
    const paths = (version: '1.0' | '2.0', defaultVersion?: '1.0') =>
      Object.keys(
        (
          buildOpenApiDocument({
            module: 'shop',
            version,
            defaultVersion,
            routes: [route, neutralRoute],
          }) as any
        ).paths
      ).sort()

    assert.deepEqual(paths('1.0', '1.0'), [
      '/api/shop/probe',
      '/api/shop/things',
      '/api/v1/shop/probe',
      '/api/v1/shop/things',
    ])
    // A request to /api/shop/things naming no version is served by 1.0: described in 2.0's
    // document, a generated client could send it and read 1.0 as 2.0.
    assert.deepEqual(paths('2.0', '1.0'), [
      '/api/shop/probe',
      '/api/v2/shop/probe',
      '/api/v2/shop/things',
    ])
    // Without a default, no version serves a request naming none.
    assert.deepEqual(paths('2.0'), ['/api/shop/probe', '/api/v2/shop/probe', '/api/v2/shop/things'])
  })

  test('a module with no default version says that one must be named', ({ assert }) => {
    const document = buildOpenApiDocument({
      module: 'shop',
      version: '2.0',
      routes: [route],
    }) as any

    const refs = document.paths['/api/v2/shop/things'].get.parameters.map(
      (parameter: any) => parameter.$ref
    )
    assert.deepEqual(refs, [
      '#/components/parameters/ApiVersionQuery',
      '#/components/parameters/ApiVersionHeader',
    ])
    const { ApiVersionQuery, ApiVersionHeader } = document.components.parameters
    assert.deepEqual(Object.keys(document.components.parameters), [
      'ApiVersionQuery',
      'ApiVersionHeader',
    ])
    assert.isFalse(ApiVersionQuery.required)
    assert.isFalse(ApiVersionHeader.required)
    assert.notProperty(ApiVersionQuery.schema, 'default')
    assert.include(document.info.description, '400 ApiVersionUnspecified')
  })

  test('a module with a default version requires none, and only its default has a default', ({
    assert,
  }) => {
    for (const [version, isDefault] of [
      ['1.0', true],
      ['2.0', false],
    ] as const) {
      const document = buildOpenApiDocument({
        module: 'shop',
        version,
        defaultVersion: '1.0',
        routes: [route],
      }) as any
      const { parameters } = document.components
      assert.isFalse(parameters.ApiVersionQuery.required)
      assert.equal(parameters.ApiVersionQuery.schema.default, isDefault ? version : undefined)
    }
  })

  test('the version parameters accept the version without the v of the URL segment', ({
    assert,
  }) => {
    const document = buildOpenApiDocument({
      module: 'shop',
      version: '2.0',
      defaultVersion: '2.0',
      routes: [route],
    }) as any
    const pattern = new RegExp(document.components.parameters.ApiVersionHeader.schema.pattern, 'u')
    for (const spelling of ['2', '2.0', '02.00', ' 2.0 ']) assert.isTrue(pattern.test(spelling))
    for (const spelling of ['v2', 'v2.0', 'V2', '1.0', '2.1'])
      assert.isFalse(pattern.test(spelling))
  })

  test('the media-type reader is described, since OpenAPI cannot list it', ({ assert }) => {
    const document = buildOpenApiDocument({
      module: 'shop',
      version: '2.0',
      defaultVersion: '1.0',
      routes: [route],
    }) as any
    assert.include(document.info.description, 'Accept: application/json;v=2.0')
  })
})

test.group('OpenAPI document: version-neutral operations', () => {
  test('list no version parameter, no 410 and nothing of a deprecation', ({ assert }) => {
    const document = buildOpenApiDocument({
      module: 'shop',
      version: '1.0',
      defaultVersion: '2.0',
      deprecationHeaders: ['Deprecation', 'Sunset'],
      routes: [route, neutralRoute],
    }) as any

    for (const path of ['/api/v1/shop/probe', '/api/shop/probe']) {
      const operation = document.paths[path].get
      assert.notProperty(operation, 'parameters', path)
      assert.notProperty(operation, 'deprecated', path)
      assert.notProperty(operation.responses, '410', path)
      const headers = operation.responses['200'].headers
      assert.notProperty(headers, 'Deprecation', path)
      assert.property(headers, 'api-supported-versions', path)
    }
    // The negotiated route keeps them.
    assert.isTrue(document.paths['/api/v1/shop/things'].get.deprecated)
    assert.property(document.paths['/api/v1/shop/things'].get.responses, '410')
    assert.include(document.info.description, 'Version-neutral operations (GET /api/shop/probe)')
  })

  test('a module of neutral routes only has no version parameters to declare', ({ assert }) => {
    const document = buildOpenApiDocument({
      module: 'shop',
      version: '1.0',
      defaultVersion: '1.0',
      routes: [neutralRoute],
    }) as any
    assert.notProperty(document.components, 'parameters')
    assert.notProperty(document.components.responses, 'Gone')
  })
})
