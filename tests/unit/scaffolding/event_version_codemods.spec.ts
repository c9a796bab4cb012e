import { test } from '@japa/runner'
import { addPublishedContract } from '#kit/scaffolding/publishes_codemod'
import { publishWithCause } from '#kit/scaffolding/publisher_cause_codemod'

/** A registration class as `add-module` wrote it before add-event listed contracts. */
const REGISTRATION = `import { PantheonModule } from '@pantheon/kit/modules'
import shopIndex from './shop_index.js'

export default class ShopModule extends PantheonModule {
  readonly name = 'shop'
  readonly index = shopIndex

  protected registerServices(): void {}
}
`

/** A publisher as `add-event --from` wrote it before versions could evolve: no cause. */
const OLD_PUBLISHER = `import { Outbox } from '@pantheon/kit/messaging'
import { OrderPlaced } from '../domain/order_placed.js'
import { orderPlacedEvent } from '../integration/order_placed.js'

export default class PublishOrderPlacedEventHandler {
  static readonly handles = OrderPlaced
  constructor(private readonly outbox: Outbox) {}

  async handle(placed: OrderPlaced): Promise<void> {
    await this.outbox.publish(orderPlacedEvent, { id: placed.orderId })
  }
}
`

const v1 = { name: 'orderPlacedEvent', from: '../integration/order_placed.js' }
const v2 = { name: 'orderPlacedV2Event', from: '../integration/order_placed_v2.js' }

test.group('The module publishes what add-event adds', (group) => {
  group.tap((t) => t.tags(['@any-database']))
  test('a module without publishes gets the list, after its index, with the import', async ({
    assert,
  }) => {
    const edited = await addPublishedContract(REGISTRATION, 'shop_module.ts', v1)
    assert.include(edited, "import { orderPlacedEvent } from '../integration/order_placed.js'")
    assert.match(
      edited,
      /readonly index = shopIndex\n\s+\/\*\*[^\n]*\*\/\n\s+readonly publishes = \[orderPlacedEvent\]/
    )
  })

  test('a later version joins the list; the same contract is never listed twice', async ({
    assert,
  }) => {
    const once = await addPublishedContract(REGISTRATION, 'shop_module.ts', v1)
    const both = await addPublishedContract(once, 'shop_module.ts', v2)
    assert.include(both, 'readonly publishes = [orderPlacedEvent, orderPlacedV2Event]')
    assert.equal(await addPublishedContract(both, 'shop_module.ts', v2), both)
    assert.equal(await addPublishedContract(both, 'shop_module.ts', v1), both)
  })

  test('refuses a file with no registration class, saying what to do by hand', async ({
    assert,
  }) => {
    await assert.rejects(
      () => addPublishedContract('export const x = 1\n', 'shop_module.ts', v1),
      'shop_module.ts has no class extending PantheonModule'
    )
  })
})

test.group("The earlier version's publisher passes its cause", (group) => {
  group.tap((t) => t.tags(['@any-database']))
  test('an old publisher gets { cause: <its event parameter> }, once', async ({ assert }) => {
    const edited = await publishWithCause(OLD_PUBLISHER, 'publisher.ts', 'orderPlacedEvent')
    assert.include(
      edited,
      'this.outbox.publish(orderPlacedEvent, { id: placed.orderId }, { cause: placed })'
    )
    assert.equal(await publishWithCause(edited, 'publisher.ts', 'orderPlacedEvent'), edited)
  })

  test('refuses a publisher it cannot read, asking for the cause by hand', async ({ assert }) => {
    await assert.rejects(
      () => publishWithCause(OLD_PUBLISHER, 'publisher.ts', 'otherEvent'),
      /does not publish otherEvent with outbox\.publish/
    )
  })
})
