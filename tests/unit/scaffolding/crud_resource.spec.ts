import { test } from '@japa/runner'
import { crudCommandLines } from '#kit/scaffolding/crud_resource'

/** The generator and the name of each run, with the route of each endpoint. */
function runs(lines: string[][]): string[] {
  return lines.map(([command, name, ...rest]) => {
    const route = rest.indexOf('--route')
    return route === -1
      ? `${command} ${name}`
      : `${command} ${name} ${rest[route - 1]} ${rest[route + 1]}`
  })
}

test.group('add-crud: the generator runs of a resource', (group) => {
  group.tap((t) => t.tags(['@any-database']))
  test('the use cases first, then the endpoints on the plural route', ({ assert }) => {
    assert.deepEqual(runs(crudCommandLines({ entity: 'OrderLine', module: 'Sales' })), [
      'add-command CreateOrderLine',
      'add-query GetOrderLineById',
      'add-query ListOrderLines',
      'add-command UpdateOrderLine',
      'add-command PatchOrderLine',
      'add-command DeleteOrderLine',
      'add-endpoint CreateOrderLine POST /order-lines',
      'add-endpoint GetOrderLine GET /order-lines/:id',
      'add-endpoint ListOrderLines GET /order-lines',
      'add-endpoint UpdateOrderLine PUT /order-lines/:id',
      'add-endpoint PatchOrderLine PATCH /order-lines/:id',
      'add-endpoint DeleteOrderLine DELETE /order-lines/:id',
    ])
  })

  test('the module root as the collection, the reads only', ({ assert }) => {
    const lines = crudCommandLines({
      entity: 'Product',
      module: 'Catalog',
      route: '/',
      readOnly: true,
    })
    assert.deepEqual(runs(lines), [
      'add-query GetProductById',
      'add-query ListProducts',
      'add-endpoint GetProduct GET /:id',
      'add-endpoint ListProducts GET /',
    ])
  })

  test('--except leaves out what it names, in any case', ({ assert }) => {
    const lines = crudCommandLines({
      entity: 'Product',
      module: 'Catalog',
      except: 'Delete, patch',
    })
    assert.notInclude(runs(lines).join('\n'), 'Delete')
    assert.notInclude(runs(lines).join('\n'), 'Patch')
    assert.lengthOf(lines, 8)
  })
})
