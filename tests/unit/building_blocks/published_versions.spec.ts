import { test } from '@japa/runner'
import { defineIntegrationEvent, type IntegrationEventContract } from '@pantheon/kit/integration'
import {
  checkPublishedVersions,
  type Subscription,
  UnpublishedEventVersion,
} from '@pantheon/kit/messaging'

const v1 = defineIntegrationEvent<{ id: string }>('catalog.product_created', 1)
const v2 = defineIntegrationEvent<{ id: string }>('catalog.product_created', 2)

function reading(consumer: string, type: string, version: number): Subscription {
  return { consumer, type, version, module: 'orders', deliver: async () => {} }
}

/** The boot check against an app whose modules declare `modules`; returns what it logged. */
function check(
  subscriptions: Subscription[],
  modules: Record<string, readonly IntegrationEventContract<unknown>[]>
) {
  const warnings: string[] = []
  checkPublishedVersions(subscriptions, (module) => modules[module], {
    warn: (_: unknown, message: string) => void warnings.push(message),
  } as never)
  return warnings
}

test.group('Boot check of the versions consumers read', () => {
  test('passes quietly when every version read is published', ({ assert }) => {
    const warnings = check([reading('orders.A', v1.type, 1), reading('orders.A', v1.type, 2)], {
      catalog: [v1, v2],
      orders: [],
    })
    assert.deepEqual(warnings, [])
  })

  test('stops the boot when the publisher of this app retired the version a consumer reads', ({
    assert,
  }) => {
    assert.throws(
      () => check([reading('orders.ProductCreatedConsumer', v1.type, 1)], { catalog: [v2] }),
      UnpublishedEventVersion,
      'orders.ProductCreatedConsumer reads catalog.product_created version 1, but the catalog module publishes only version 2'
    )
  })

  test('stops the boot for a version not published yet, naming every consumer', ({ assert }) => {
    try {
      check([reading('orders.A', v1.type, 2), reading('billing.B', v1.type, 2)], { catalog: [v1] })
      assert.fail('booted')
    } catch (error) {
      assert.include((error as Error).message, 'orders.A reads catalog.product_created version 2')
      assert.include((error as Error).message, 'billing.B reads catalog.product_created version 2')
    }
  })

  test('warns when the type belongs to no module of this app (another service may publish it)', ({
    assert,
  }) => {
    const warnings = check([reading('orders.A', 'billing.invoice_paid', 1)], { catalog: [v1] })
    assert.deepEqual(warnings, [
      'orders.A reads billing.invoice_paid version 1, and no module of this app is billing: nothing here publishes it (fine if another service does)',
    ])
  })

  test('warns when its module lists no version of the type in publishes', ({ assert }) => {
    const warnings = check([reading('orders.A', v1.type, 1)], { catalog: [] })
    assert.match(warnings[0], /which the catalog module does not list in its publishes/)
  })
})
