import { test } from '@japa/runner'
import type { InventoryModule, ModuleInventory } from '#kit/scaffolding/module_inventory'
import { eventList, moduleList } from '#kit/scaffolding/module_lists'
import { renderModulesDocument, renderModulesMermaid } from '#kit/scaffolding/modules_document'

/** A module with nothing in it but what a test gives. */
function aModule(module: string, parts: Partial<InventoryModule> = {}): InventoryModule {
  return {
    module,
    className: `${module.charAt(0).toUpperCase()}${module.slice(1)}Module`,
    apiVersions: [],
    defaultVersion: null,
    entities: [],
    commands: [],
    queries: [],
    endpoints: [],
    publishes: [],
    consumers: [],
    ...parts,
  }
}

const productCreated = { type: 'catalog.product_created', version: 1 }

/** Catalog publishes product_created v1, which Orders and Billing consume. */
function shopInventory(): ModuleInventory {
  const consumer = { name: 'ProductCreatedConsumer', event: productCreated, publisher: 'catalog' }
  return {
    modules: [
      aModule('billing', {
        consumers: [{ ...consumer, file: 'infrastructure/consumers/product_created_consumer.ts' }],
      }),
      aModule('catalog', {
        apiVersions: ['1.0', '2.0'],
        defaultVersion: '1.0',
        entities: [
          {
            name: 'Product',
            aggregate: true,
            properties: [
              { name: 'name', type: 'string(120)', optional: false },
              { name: 'notes', type: 'text', optional: true },
            ],
          },
        ],
        commands: [{ name: 'CreateProduct', resultType: 'ProductId', file: 'a_command.ts' }],
        endpoints: [
          {
            name: 'DeleteProduct',
            method: 'DELETE',
            route: '/api/catalog/:id',
            apiVersion: '2.0',
            file: 'api/v2/delete_product_endpoint.ts',
          },
        ],
        publishes: [productCreated],
      }),
      aModule('orders', {
        consumers: [{ ...consumer, file: 'infrastructure/consumers/product_created_consumer.ts' }],
      }),
    ],
  }
}

test.group('Modules document', (group) => {
  group.tap((t) => t.tags(['@any-database']))
  test('the diagram has a node per module with its API versions and an edge per consumer', ({
    assert,
  }) => {
    assert.equal(
      renderModulesMermaid(shopInventory()),
      [
        'flowchart LR',
        '  module_billing["billing<br/>unversioned API"]',
        '  module_catalog["catalog<br/>API 1.0, 2.0"]',
        '  module_orders["orders<br/>unversioned API"]',
        '  module_catalog -->|"catalog.product_created v1"| module_billing',
        '  module_catalog -->|"catalog.product_created v1"| module_orders',
      ].join('\n')
    )
  })

  test('two consumers of one event in the same module draw one edge', ({ assert }) => {
    const inventory = shopInventory()
    const orders = inventory.modules[2]!
    orders.consumers.push({ ...orders.consumers[0]!, name: 'AnotherConsumer' })
    const edges = renderModulesMermaid(inventory)
      .split('\n')
      .filter((line) => line.includes('-->'))
    assert.lengthOf(edges, 2)
  })

  test("each module's section lists its entities, use cases, endpoints and events", ({
    assert,
  }) => {
    const document = renderModulesDocument(shopInventory())
    assert.include(document, '```mermaid\nflowchart LR\n')
    assert.include(
      document,
      '## catalog\n\nRegistration class `CatalogModule`. API versions: 1.0 (default), 2.0.'
    )
    assert.include(
      document,
      [
        '#### Product (aggregate)',
        '',
        '| Property | Type          | Required |',
        '| -------- | ------------- | -------- |',
        '| `name`   | `string(120)` | yes      |',
        '| `notes`  | `text`        | no       |',
      ].join('\n')
    )
    assert.include(document, '| `CreateProduct` | `ProductId` | `a_command.ts` |')
    assert.include(document, '| DELETE | `/api/catalog/:id` | 2.0         | `DeleteProduct` |')
    assert.include(
      document,
      '| `catalog.product_created v1` | billing (`ProductCreatedConsumer`), orders (`ProductCreatedConsumer`) |'
    )
    assert.include(
      document,
      '## orders\n\nRegistration class `OrdersModule`. API versions: none (unversioned).'
    )
    assert.include(
      document,
      '| `catalog.product_created v1` | catalog      | `ProductCreatedConsumer` |'
    )
    assert.isTrue(document.endsWith('\n'))
  })

  test('an app with no module says how to make one', ({ assert }) => {
    const document = renderModulesDocument({ modules: [] })
    assert.include(document, '```mermaid\nflowchart LR\n```')
    assert.include(document, '`node ace add-module <Name>` creates one')
  })

  test('a pipe in a cell is escaped, so it does not split the table', ({ assert }) => {
    const inventory = {
      modules: [
        aModule('catalog', {
          queries: [{ name: 'Find', resultType: 'string|null', file: 'find_query.ts' }],
        }),
      ],
    }
    assert.include(renderModulesDocument(inventory), '`string\\|null`')
  })
})

test.group('Module lists', (group) => {
  group.tap((t) => t.tags(['@any-database']))
  test('an event lists the consumers of every module, and a module the events it consumes', ({
    assert,
  }) => {
    assert.deepEqual(eventList.rows(shopInventory()), [
      {
        type: 'catalog.product_created',
        version: 1,
        publisher: 'catalog',
        consumers: [
          { module: 'billing', consumer: 'ProductCreatedConsumer' },
          { module: 'orders', consumer: 'ProductCreatedConsumer' },
        ],
      },
    ])
    const [billing] = moduleList.rows(shopInventory())
    assert.deepEqual(billing?.consumes, ['catalog.product_created v1'])
    assert.deepEqual(moduleList.cells(billing!), [
      'billing',
      '-',
      '0',
      '0',
      '0',
      '0',
      '-',
      'catalog.product_created v1',
    ])
  })
})
