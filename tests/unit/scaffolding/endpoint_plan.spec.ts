import { test } from '@japa/runner'
import type { EntityDefinition } from '#kit/building_blocks/domain/entity_definition'
import { couldServe } from '#kit/scaffolding/endpoint_facts'
import {
  endpointOptions,
  planEndpoint,
  type EndpointFacts,
  type EndpointFlags,
} from '#kit/scaffolding/endpoint_plan'
import { ScaffoldError } from '#kit/scaffolding/scaffold_error'

const ROOT = '/app/modules/catalog'

const product: EntityDefinition = {
  name: 'Product',
  aggregate: false,
  properties: {
    name: { type: 'string', optional: false, length: 120 },
    notes: { type: 'text', optional: true },
  },
}

/** The facts of a Catalog module with the use case in place, changed by `overrides`. */
function catalogFacts(overrides: Partial<EndpointFacts> = {}): EndpointFacts {
  return {
    module: { pascal: 'Catalog', folder: 'catalog', root: ROOT },
    message: {
      exists: true,
      facts: {
        className: 'CreateProductCommand',
        kind: 'command',
        resultType: 'ProductId',
        hasFromInput: true,
      },
    },
    knownUseCases: [],
    validator: {
      fields: [
        { name: 'name', rule: 'vine.string()', optional: false, nullable: false },
        { name: 'notes', rule: 'vine.string().optional()', optional: true, nullable: false },
      ],
    },
    handler: { notFoundCodes: [], notImplementedCodes: [], answersNotFound: false },
    entities: [product],
    endpoints: [],
    testsMigrate: true,
    ...overrides,
  }
}

const createProduct: EndpointFlags = {
  name: 'CreateProduct',
  method: 'POST',
  route: '/',
  command: 'CreateProduct',
}

/** The message of the ScaffoldError the plan throws, or undefined when it plans. */
function refusal(flags: EndpointFlags, facts: EndpointFacts): string | undefined {
  try {
    planEndpoint(endpointOptions(flags), facts)
    return undefined
  } catch (error) {
    if (error instanceof ScaffoldError) return error.message
    throw error
  }
}

test.group('Endpoint plan: the flags', (group) => {
  group.tap((t) => t.tags(['@any-database']))
  test('rejects {label}')
    .with([
      {
        label: 'an unknown method',
        flags: { method: 'FETCH' },
        message: '--method must be one of',
      },
      { label: 'a relative route', flags: { route: 'items' }, message: 'is not a route' },
      { label: 'a route with ..', flags: { route: '/items/../x' }, message: 'is not a route' },
      { label: 'no route', flags: { route: undefined }, message: '--route is required' },
      {
        label: 'both a command and a query',
        flags: { query: 'ListProducts' },
        message: 'Give exactly one of --command',
      },
    ])
    .run(({ assert }, { flags, message }) => {
      assert.throws(() => endpointOptions({ ...createProduct, ...flags }), message)
    })

  test('drops the suffix of the use case and lowercases the method', ({ assert }) => {
    assert.deepInclude(endpointOptions({ ...createProduct, command: 'CreateProductCommand' }), {
      method: 'post',
      kind: 'command',
      useCase: 'CreateProduct',
      force: false,
    })
  })
})

test.group('Endpoint plan: what it refuses', (group) => {
  group.tap((t) => t.tags(['@any-database']))
  test('a use case that does not exist, listing the known ones', ({ assert }) => {
    const facts = catalogFacts({ message: { exists: false }, knownUseCases: ['CreateProduct'] })
    assert.throws(
      () => planEndpoint(endpointOptions({ ...createProduct, command: 'MakeProduct' }), facts),
      'The command MakeProduct does not exist in the Catalog module'
    )
  })

  test('a command not made by add-command', ({ assert }) => {
    const facts = catalogFacts({ message: { exists: true } })
    assert.include(refusal(createProduct, facts), 'has no fromInput()')
  })

  test('a result type the command does not return, whitespace aside', ({ assert }) => {
    assert.include(
      refusal({ ...createProduct, resultType: 'string' }, catalogFacts()),
      '--result-type string does not match CreateProductCommand, which returns ProductId'
    )
    assert.isUndefined(refusal({ ...createProduct, resultType: ' ProductId ' }, catalogFacts()))
  })

  test('an endpoint that exists, unless --force', ({ assert }) => {
    const endpoints = [{ fileName: 'create_product_endpoint.ts', path: 'x' }]
    assert.include(refusal(createProduct, catalogFacts({ endpoints })), 'already exists')
    assert.isUndefined(refusal({ ...createProduct, force: true }, catalogFacts({ endpoints })))
  })

  test('a route served by another endpoint, whatever its params are named', ({ assert }) => {
    const endpoints = [
      {
        fileName: 'show_product_endpoint.ts',
        path: 'modules/catalog/api/show_product_endpoint.ts',
        route: { className: 'ShowProductEndpoint', method: 'put', path: '/:productId' },
      },
    ]
    const flags = { name: 'UpdateProduct', method: 'PUT', route: '/:id', command: 'UpdateProduct' }
    assert.equal(
      refusal(flags, catalogFacts({ endpoints })),
      'PUT /:id is already served by modules/catalog/api/show_product_endpoint.ts: the app would refuse to start with two endpoints on one route'
    )
    assert.isUndefined(refusal({ ...flags, method: 'PATCH' }, catalogFacts({ endpoints })))
  })
})

test.group('Endpoint plan: what it writes', (group) => {
  group.tap((t) => t.tags(['@any-database']))
  test('a create answers 201 with the id, documents its body and tests the success path', ({
    assert,
  }) => {
    const plan = planEndpoint(endpointOptions(createProduct), catalogFacts())
    assert.deepEqual(
      plan.files.map((file) => file.stub),
      ['endpoint/endpoint.stub', 'endpoint/test.stub']
    )
    const state = plan.files[0].state
    assert.equal(state.response, 'created')
    assert.equal(state.folder, `${ROOT}/api`)
    assert.equal(
      state.message.import,
      '../application/commands/create_product/create_product_command.js'
    )
    assert.deepEqual(state.docs.requestBody, {
      name: 'createProductValidator',
      import: '../application/commands/create_product/create_product_validator.js',
    })
    assert.isTrue(state.rejectsEmptyBody)
    assert.equal(state.success?.kind, 'create')
    assert.deepEqual(state.docs.problems, [])
    assert.isFalse(plan.withoutSuccessTests)
  })

  test('a read of the entity documents its DTO and 404, in its API version', ({ assert }) => {
    const facts = catalogFacts({
      version: { folder: 'v2', segment: 'v2' },
      message: {
        exists: true,
        facts: {
          className: 'GetProductByIdQuery',
          kind: 'query',
          resultType: 'ProductDto',
          hasFromInput: true,
        },
      },
      validator: undefined,
    })
    const flags = { name: 'GetProduct', method: 'GET', route: '/:id', query: 'GetProductById' }
    const state = planEndpoint(endpointOptions(flags), facts).files[0].state
    assert.equal(state.sampleBase, '/api/v2/catalog')
    assert.equal(state.testName, 'get_product_v2')
    assert.equal(state.docs.representation?.name, 'productRepresentation')
    assert.deepEqual(state.docs.problems, [404])
    assert.deepEqual(state.uuidParams, ['id'])
    assert.isUndefined(state.docs.requestBody)
  })

  test('a list documents and checks the query parameters its query exports, and only those', ({
    assert,
  }) => {
    const listQuery = (parameters?: string) =>
      catalogFacts({
        message: {
          exists: true,
          facts: {
            className: 'ListProductsQuery',
            kind: 'query',
            resultType: 'ProductListDto',
            hasFromInput: true,
          },
          ...(parameters ? { parameters } : {}),
        },
        validator: undefined,
      })
    const flags = { name: 'ListProducts', method: 'GET', route: '/', query: 'ListProducts' }
    const state = planEndpoint(endpointOptions(flags), listQuery('listProductsParameters')).files[0]
      .state
    assert.deepEqual(state.docs.queryParameters, {
      name: 'listProductsParameters',
      import: '../application/queries/list_products/list_products_query.js',
    })
    assert.equal(state.docs.representation?.name, 'productPageRepresentation')
    assert.equal(state.success?.kind, 'list')
    // A list query made before it exported them keeps an endpoint that takes what it is sent.
    const older = planEndpoint(endpointOptions(flags), listQuery()).files[0].state
    assert.isUndefined(older.docs.queryParameters)
  })

  test('a handler that answers NotImplemented documents 501 and tests no success path', ({
    assert,
  }) => {
    const facts = catalogFacts({
      message: {
        exists: true,
        facts: {
          className: 'RestockProductCommand',
          kind: 'command',
          resultType: 'void',
          hasFromInput: true,
        },
      },
      validator: { fields: [] },
      handler: {
        notFoundCodes: [],
        notImplementedCodes: ['RestockProduct.NotImplemented'],
        answersNotFound: false,
      },
      testsMigrate: false,
    })
    const flags = {
      name: 'RestockProduct',
      method: 'POST',
      route: '/:id/restock',
      command: 'RestockProduct',
    }
    const plan = planEndpoint(endpointOptions(flags), facts)
    const state = plan.files[0].state
    assert.equal(state.response, 'noContent')
    assert.deepEqual(state.docs.problems, [501])
    assert.isTrue(state.answersNotImplemented)
    assert.isUndefined(state.success)
    assert.isFalse(plan.withoutSuccessTests)
  })

  test('says the test has no success path when the app does not migrate before its tests', ({
    assert,
  }) => {
    const plan = planEndpoint(endpointOptions(createProduct), catalogFacts({ testsMigrate: false }))
    assert.isUndefined(plan.files[0].state.success)
    assert.isTrue(plan.withoutSuccessTests)
  })

  test('writes no test for a query endpoint with nothing to check', ({ assert }) => {
    const facts = catalogFacts({
      message: {
        exists: true,
        facts: { className: 'PingQuery', kind: 'query', resultType: 'string', hasFromInput: true },
      },
      validator: undefined,
    })
    const flags = { name: 'Ping', method: 'GET', route: '/ping', query: 'Ping' }
    const plan = planEndpoint(endpointOptions(flags), facts)
    assert.deepEqual(
      plan.files.map((file) => file.stub),
      ['endpoint/endpoint.stub']
    )
  })
  test('an endpoint file is read for its route only when its text could hold the new route', ({
    assert,
  }) => {
    const endpoint = "readonly method = 'get'\n  readonly path = '/shelves/:shelfId/books'\n"
    assert.isTrue(couldServe(endpoint, '/shelves/:id/books'), 'params named otherwise')
    assert.isFalse(couldServe(endpoint, '/shelves/:id/pens'))
    assert.isFalse(couldServe(endpoint, '/racks/:id'))
    // With no fixed segment, and with a character written as an escape, any file could.
    assert.isTrue(couldServe(endpoint, '/:id'))
    assert.isTrue(couldServe(endpoint, '/'))
    for (const written of ['shelve\\u0073', 'shel\\ves', 'shel\\\nves']) {
      assert.isTrue(couldServe(endpoint.replace('shelves', written), '/shelves/:id/books'), written)
    }
  })
})
