import { test } from '@japa/runner'
import { readFile, rm, writeFile } from 'node:fs/promises'
import AddCommand from '#commands/add_command'
import AddConsumer from '#commands/add_consumer'
import AddEndpoint from '#commands/add_endpoint'
import AddEntity from '#commands/add_entity'
import AddEvent from '#commands/add_event'
import AddModule from '#commands/add_module'
import AddQuery from '#commands/add_query'
import DocsModules from '#commands/docs_modules'
import ListConsumers from '#commands/list_consumers'
import ListEndpoints from '#commands/list_endpoints'
import ListEntities from '#commands/list_entities'
import ListEvents from '#commands/list_events'
import ListModules from '#commands/list_modules'
import { scaffoldingApp, type ScaffoldingApp } from '#tests/common/scaffolding'

/** An app made by `init`, with two modules, an entity, a use case of each kind, an endpoint and an event between them. */
let shop: ScaffoldingApp

async function scaffold(
  app: ScaffoldingApp,
  command: Parameters<ScaffoldingApp['run']>[0],
  argv: string[]
) {
  const { exitCode, output } = await app.run(command, argv)
  if (exitCode !== 0) throw new Error(`${argv.join(' ')} failed:\n${output}`)
}

/** What a command printed in the app. */
async function printed(
  app: ScaffoldingApp,
  command: Parameters<ScaffoldingApp['run']>[0],
  argv: string[] = []
) {
  const { output } = await app.run(command, argv)
  return output
}

/** A list command's --json output, parsed. */
async function listed(command: Parameters<ScaffoldingApp['run']>[0]) {
  return JSON.parse(await printed(shop, command, ['--json'])) as unknown
}

test.group('list:* commands and docs:modules', (group) => {
  group.tap((t) => t.tags(['@any-database']))
  group.setup(async () => {
    shop = await scaffoldingApp()
    await scaffold(shop, AddModule, ['Catalog'])
    await scaffold(shop, AddModule, ['Orders'])
    await scaffold(shop, AddEntity, [
      'Product',
      '--module',
      'Catalog',
      '--aggregate',
      '--properties',
      'Name:string(120),Price:decimal(10,2),Notes:text?',
    ])
    await scaffold(shop, AddCommand, [
      'CreateProduct',
      '--module',
      'Catalog',
      '--result-type',
      'ProductId',
    ])
    await scaffold(shop, AddQuery, [
      'GetProductById',
      '--module',
      'Catalog',
      '--result-type',
      'ProductDto',
    ])
    await scaffold(shop, AddEndpoint, [
      'GetProduct',
      '--module',
      'Catalog',
      '--method',
      'GET',
      '--route',
      '/:id',
      '--query',
      'GetProductById',
    ])
    await scaffold(shop, AddEvent, [
      'PriceChanged',
      '--module',
      'Catalog',
      '--properties',
      'Id:uuid,Price:decimal',
    ])
    await scaffold(shop, AddConsumer, ['PriceChanged', '--module', 'Orders', '--from', 'Catalog'])
    return () => shop.remove()
  })

  test('list:modules prints each module with its versions, counts and events', async ({
    assert,
  }) => {
    const { output, exitCode } = await shop.run(ListModules, [])
    assert.equal(exitCode, 0)
    assert.deepEqual(output.split('\n'), [
      'module|api versions|entities|commands|queries|endpoints|publishes|consumes',
      'catalog|1.0|1|1|2|2|catalog.price_changed v1|-',
      'orders|1.0|0|0|1|1|-|catalog.price_changed v1',
    ])
    assert.deepEqual(await listed(ListModules), [
      {
        module: 'catalog',
        className: 'CatalogModule',
        apiVersions: ['1.0'],
        defaultVersion: '1.0',
        entities: ['Product'],
        commands: ['CreateProduct'],
        queries: ['GetCatalogSample', 'GetProductById'],
        endpoints: 2,
        publishes: ['catalog.price_changed v1'],
        consumes: [],
      },
      {
        module: 'orders',
        className: 'OrdersModule',
        apiVersions: ['1.0'],
        defaultVersion: '1.0',
        entities: [],
        commands: [],
        queries: ['GetOrdersSample'],
        endpoints: 1,
        publishes: [],
        consumes: ['catalog.price_changed v1'],
      },
    ])
  })

  test('list:entities prints each entity with its properties, from its definition', async ({
    assert,
  }) => {
    const { output } = await shop.run(ListEntities, [])
    assert.deepEqual(output.split('\n'), [
      'module|entity|aggregate|properties',
      'catalog|Product|yes|name: string(120), price: decimal(10,2), notes?: text',
    ])
    assert.deepEqual(await listed(ListEntities), [
      {
        module: 'catalog',
        entity: 'Product',
        aggregate: true,
        properties: [
          { name: 'name', type: 'string(120)', optional: false },
          { name: 'price', type: 'decimal(10,2)', optional: false },
          { name: 'notes', type: 'text', optional: true },
        ],
      },
    ])
  })

  test('list:entities reads an entity class written by hand, with no definition, from its source', async ({
    assert,
    cleanup,
  }) => {
    const file = shop.path('modules/orders/domain/basket.ts')
    await writeFile(
      file,
      [
        "import { AggregateRoot } from '@pantheon/kit/domain'",
        "import type { BasketId } from './basket_id.js'",
        '',
        'export class Basket extends AggregateRoot<BasketId> {',
        '  readonly lines: string[] = []',
        '  #secret = 1',
        '  private cache = new Map()',
        '  static readonly limit = 10',
        '  constructor(',
        '    id: BasketId,',
        '    readonly owner: string,',
        '    readonly coupon: string | null,',
        '    private readonly clock: () => Date,',
        '    public note?: string,',
        "    readonly status: 'open|held' | 'closed' | null = null",
        '  ) {',
        '    super(id)',
        '  }',
        '}',
        '',
        '/** Not an entity: no kit base class. */',
        'export class BasketPolicy {',
        '  readonly maxLines = 10',
        '}',
        '',
      ].join('\n')
    )
    cleanup(() => rm(file))
    const entities = (await listed(ListEntities)) as { entity: string }[]
    assert.deepEqual(
      entities.find((entity) => entity.entity === 'Basket'),
      {
        module: 'orders',
        entity: 'Basket',
        aggregate: true,
        properties: [
          { name: 'owner', type: 'string', optional: false },
          { name: 'coupon', type: 'string', optional: true },
          { name: 'note', type: 'string', optional: true },
          { name: 'status', type: "'open|held' | 'closed'", optional: true },
          { name: 'lines', type: 'string[]', optional: false },
        ],
      }
    )
    assert.notInclude(
      entities.map((entity) => entity.entity),
      'BasketPolicy'
    )
  })

  test('list:events prints each published event with its consumers', async ({ assert }) => {
    const { output } = await shop.run(ListEvents, [])
    assert.deepEqual(output.split('\n'), [
      'event|version|publisher|consumers',
      'catalog.price_changed|1|catalog|orders.PriceChangedConsumer',
    ])
    assert.deepEqual(await listed(ListEvents), [
      {
        type: 'catalog.price_changed',
        version: 1,
        publisher: 'catalog',
        consumers: [{ module: 'orders', consumer: 'PriceChangedConsumer' }],
      },
    ])
  })

  test('list:consumers prints each consumer with the event it takes and its publisher', async ({
    assert,
  }) => {
    const { output } = await shop.run(ListConsumers, [])
    assert.deepEqual(output.split('\n'), [
      'module|consumer|event|version|publisher',
      'orders|PriceChangedConsumer|catalog.price_changed|1|catalog',
    ])
    assert.deepEqual(await listed(ListConsumers), [
      {
        module: 'orders',
        consumer: 'PriceChangedConsumer',
        event: 'catalog.price_changed',
        version: 1,
        publisher: 'catalog',
      },
    ])
  })

  test('list:endpoints prints each endpoint with its method, route and API version', async ({
    assert,
  }) => {
    const { output } = await shop.run(ListEndpoints, [])
    assert.deepEqual(output.split('\n'), [
      'module|method|route|api version|endpoint',
      'catalog|GET|/api/catalog/:id|all|GetProduct',
      'catalog|GET|/api/catalog/sample|all|GetCatalogSample',
      'orders|GET|/api/orders/sample|all|GetOrdersSample',
    ])
    assert.deepEqual(await listed(ListEndpoints), [
      {
        module: 'catalog',
        endpoint: 'GetProduct',
        method: 'GET',
        route: '/api/catalog/:id',
        apiVersion: null,
      },
      {
        module: 'catalog',
        endpoint: 'GetCatalogSample',
        method: 'GET',
        route: '/api/catalog/sample',
        apiVersion: null,
      },
      {
        module: 'orders',
        endpoint: 'GetOrdersSample',
        method: 'GET',
        route: '/api/orders/sample',
        apiVersion: null,
      },
    ])
  })

  test('docs:modules writes docs/modules.md, scaffolding commands keep it current, and --check fails after a change by hand', async ({
    assert,
    cleanup,
  }) => {
    const check = () => shop.run(DocsModules, ['--check'])
    const missing = await check()
    assert.equal(missing.exitCode, 1)
    assert.include(missing.output, 'docs/modules.md is missing: run node ace docs:modules')

    const written = await shop.run(DocsModules, [])
    assert.equal(written.exitCode, 0)
    assert.include(written.output, 'create docs/modules.md')
    const document = await readFile(shop.path('docs/modules.md'), 'utf8')
    assert.include(document, '  module_catalog -->|"catalog.price_changed v1"| module_orders\n')
    assert.include(document, '#### Product (aggregate)')
    assert.include(document, '| `price`  | `decimal(10,2)` | yes      |')
    assert.include(
      document,
      '| GET    | `/api/catalog/:id`    | all         | `GetProduct`       |'
    )
    assert.include(document, '| `catalog.price_changed v1` | orders (`PriceChangedConsumer`) |')
    const fresh = await check()
    assert.equal(fresh.exitCode, 0)
    assert.include(await printed(shop, DocsModules), 'already up to date')

    // A dry run writes nothing, and says the file would follow.
    const dry = await shop.run(AddQuery, [
      'ListProducts',
      '--module',
      'Catalog',
      '--result-type',
      'ProductListDto',
      '--dry-run',
    ])
    assert.equal(dry.exitCode, 0, dry.output)
    assert.include(dry.output, 'docs/modules.md would then be brought up to date')
    assert.equal(await readFile(shop.path('docs/modules.md'), 'utf8'), document)

    // A scaffolding command rewrites it with the modules it changed.
    const added = await shop.run(AddQuery, [
      'ListProducts',
      '--module',
      'Catalog',
      '--result-type',
      'ProductListDto',
      '--json',
    ])
    assert.equal(added.exitCode, 0, added.output)
    assert.include(JSON.parse(added.output).edited, 'docs/modules.md')
    assert.include(await readFile(shop.path('docs/modules.md'), 'utf8'), '`ListProducts`')
    const current = await check()
    assert.equal(current.exitCode, 0, current.output)

    // A module changed by hand leaves it stale until docs:modules runs.
    const query = shop.path(
      'modules/catalog/application/queries/list_products/list_products_query.ts'
    )
    const source = await readFile(query, 'utf8')
    await writeFile(query, source.replaceAll('ListProductsQuery', 'ListAllProductsQuery'))
    cleanup(() => writeFile(query, source))
    const stale = await check()
    assert.equal(stale.exitCode, 1)
    assert.include(stale.output, 'docs/modules.md is stale: run node ace docs:modules')
    assert.include(await printed(shop, DocsModules), 'update docs/modules.md')
    assert.include(await readFile(shop.path('docs/modules.md'), 'utf8'), '`ListAllProducts`')
  })
})

test.group('list:* commands in an app with no module', (group) => {
  group.tap((t) => t.tags(['@any-database']))
  let empty: ScaffoldingApp
  group.setup(async () => {
    empty = await scaffoldingApp()
    return () => empty.remove()
  })

  test('{name} says there is nothing, and --json prints an empty array')
    .with([
      { name: 'list:modules', command: ListModules, says: 'No modules' },
      { name: 'list:entities', command: ListEntities, says: 'No entities' },
      { name: 'list:events', command: ListEvents, says: 'No integration events published' },
      { name: 'list:consumers', command: ListConsumers, says: 'No consumers' },
      { name: 'list:endpoints', command: ListEndpoints, says: 'No endpoints' },
    ])
    .run(async ({ assert }, { command, says }) => {
      assert.include(await printed(empty, command), says)
      assert.equal(await printed(empty, command, ['--json']), '[]')
    })
})
