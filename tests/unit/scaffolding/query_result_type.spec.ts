import { test } from '@japa/runner'
import type { EntityDefinition } from '#kit/building_blocks/domain/entity_definition'
import { queryIntent } from '#kit/scaffolding/crud'
import { queryResultType } from '#kit/scaffolding/result_type'
import { ScaffoldError } from '#kit/scaffolding/scaffold_error'

const entities: EntityDefinition[] = [
  {
    name: 'OrderItem',
    aggregate: false,
    properties: { sku: { type: 'string', optional: false } },
  },
]
const resultType = (name: string, raw?: string) =>
  queryResultType(name, queryIntent(name, entities), raw)

/** The ScaffoldError the call throws. */
function refusal(call: () => unknown): ScaffoldError {
  try {
    call()
  } catch (error) {
    if (error instanceof ScaffoldError) return error
    throw error
  }
  throw new Error('It was not refused')
}

test.group('The result type of a query', (group) => {
  group.tap((t) => t.tags(['@any-database']))
  test('a CRUD query left without one gets the DTO its handler returns', ({ assert }) => {
    assert.equal(resultType('ListOrderItems'), 'OrderItemListDto')
    assert.equal(resultType('GetOrderItemById'), 'OrderItemDto')
  })

  test('a CRUD query keeps the one it was given when it is that DTO', ({ assert }) => {
    assert.equal(resultType('ListOrderItems', 'OrderItemListDto'), 'OrderItemListDto')
    assert.equal(resultType('GetOrderItemById', 'OrderItemDto'), 'OrderItemDto')
  })

  test('a list refuses {raw}, naming the list DTO and what it holds')
    .with([{ raw: 'OrderItemDto' }, { raw: 'OrderItemId' }, { raw: 'number' }])
    .run(({ assert }, { raw }) => {
      const error = refusal(() => resultType('ListOrderItems', raw))
      assert.equal(
        error.message,
        `ListOrderItems returns one page of order items: OrderItemListDto (items: OrderItemDto[], total, page, perPage), which --result-type ${raw} cannot hold`
      )
      assert.equal(
        error.hint,
        'Use --result-type OrderItemListDto, or leave --result-type out and it is derived'
      )
    })

  test('a query outside the CRUD conventions keeps what it was given, or nothing', ({ assert }) => {
    assert.equal(resultType('ListWidgets', 'WidgetListDto'), 'WidgetListDto')
    assert.isUndefined(resultType('Stats'))
  })
})
