import { test } from '@japa/runner'
import { join } from 'node:path'
import type { ImportGraph } from '#kit/scaffolding/import_graph'
import { decideRemoval, endpointSpec, type RemovalInput } from '#kit/scaffolding/removal_plan'

const ROOT = '/app'
const at = (path: string) => join(ROOT, path)
const catalog = (path: string) => at(`modules/catalog/${path}`)

/** An entity, a command that uses it, the endpoint that sends the command, and their tests. */
const GRAPH: ImportGraph = new Map([
  [
    catalog('application/commands/create_product/create_product_handler.ts'),
    [catalog('domain/product.ts')],
  ],
  [
    catalog('api/create_product_endpoint.ts'),
    [catalog('application/commands/create_product/create_product_command.ts')],
  ],
  [
    catalog('application/queries/get_product/get_product_handler.ts'),
    [catalog('domain/product.ts'), catalog('application/dtos/product_dto.ts')],
  ],
  [
    catalog('application/queries/list/list_handler.ts'),
    [catalog('application/dtos/shared_dto.ts')],
  ],
  [
    catalog('application/queries/get_product/get_product_query.ts'),
    [catalog('application/dtos/shared_dto.ts')],
  ],
  [catalog('tests/unit/product.spec.ts'), [catalog('domain/product.ts')]],
  [catalog('infrastructure/catalog_index.ts'), [catalog('api/create_product_endpoint.ts')]],
  [at('modules/orders/domain/order.ts'), [catalog('domain/product.ts')]],
])

function input(overrides: Partial<RemovalInput>): RemovalInput {
  return {
    appRoot: ROOT,
    own: [],
    graph: GRAPH,
    rewritten: (file) => file.endsWith('_index.ts'),
    exists: () => false,
    force: false,
    ...overrides,
  }
}

test.group('Removal plan', (group) => {
  group.tap((t) => t.tags(['@any-database']))
  test('a file nothing else imports goes alone', ({ assert }) => {
    const decision = decideRemoval(
      input({ own: [catalog('application/commands/create_product/create_product_handler.ts')] })
    )

    assert.deepEqual(decision.deleted, [
      catalog('application/commands/create_product/create_product_handler.ts'),
    ])
    assert.deepEqual(decision.dependents, [])
  })

  test('every importer is a dependent; a test goes along, and the index is rewritten', ({
    assert,
  }) => {
    const decision = decideRemoval(input({ own: [catalog('domain/product.ts')] }))

    assert.deepEqual(decision.deleted, [
      catalog('domain/product.ts'),
      catalog('tests/unit/product.spec.ts'),
    ])
    assert.deepEqual(
      decision.dependents.map(({ file, kind }) => [file, kind]),
      [
        [catalog('application/commands/create_product/create_product_handler.ts'), 'file'],
        [catalog('application/queries/get_product/get_product_handler.ts'), 'file'],
        [at('modules/orders/domain/order.ts'), 'file'],
      ]
    )
    assert.deepEqual(decision.left, [])
  })

  test('--force removes the endpoints that use what goes, with their tests, and leaves other files', ({
    assert,
  }) => {
    const command = catalog('application/commands/create_product/create_product_command.ts')
    const spec = catalog('tests/integration/create_product_endpoint.spec.ts')
    const decision = decideRemoval(
      input({ own: [command], force: true, exists: (file) => file === spec })
    )

    assert.deepEqual(
      decision.deleted,
      [catalog('api/create_product_endpoint.ts'), command, spec].sort()
    )
    assert.deepEqual(
      decision.dependents.map((d) => d.kind),
      ['endpoint']
    )
    assert.deepEqual(decision.left, [])
  })

  test('--force leaves an importer that is no endpoint, consumer or publisher, and says so', ({
    assert,
  }) => {
    const decision = decideRemoval(input({ own: [catalog('domain/product.ts')], force: true }))

    assert.deepEqual(
      decision.left.map((dependent) => dependent.file),
      decision.dependents.map((dependent) => dependent.file)
    )
    assert.notInclude(decision.deleted, at('modules/orders/domain/order.ts'))
  })

  test('a DTO only removed files use goes with them; one that others use stays', ({ assert }) => {
    const decision = decideRemoval(
      input({
        own: [catalog('application/queries/get_product/get_product_handler.ts')],
        orphanFolders: [catalog('application/dtos')],
      })
    )
    assert.include(decision.deleted, catalog('application/dtos/product_dto.ts'))
    // Another query that stays still uses it.
    assert.notInclude(decision.deleted, catalog('application/dtos/shared_dto.ts'))
  })

  test("an endpoint's test is named after it and its API version folder", ({ assert }) => {
    const root = at('modules/catalog')
    assert.equal(
      endpointSpec(root, catalog('api/get_product_endpoint.ts')),
      catalog('tests/integration/get_product_endpoint.spec.ts')
    )
    assert.equal(
      endpointSpec(root, catalog('api/v2/get_product_endpoint.ts')),
      catalog('tests/integration/get_product_v2_endpoint.spec.ts')
    )
    assert.isUndefined(endpointSpec(root, catalog('api/routes.ts')))
  })
})
