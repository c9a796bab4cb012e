import { test } from '@japa/runner'
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import {
  InvalidModuleSelection,
  parseModuleSelection,
} from '#kit/building_blocks/infrastructure/modules/module_selection'
import { moduleMigrationFolders } from '#kit/building_blocks/infrastructure/modules/module_discovery'
import {
  checkUnselectedPublishers,
  judgedHere,
  UnselectedPublisher,
} from '#kit/building_blocks/infrastructure/messaging/unselected_publishers_check'
import type { Subscription } from '@pantheon/kit/messaging'

const APP_MODULES = ['catalog', 'order_items', 'orders']

function refusal(raw: string): string {
  try {
    parseModuleSelection(raw, APP_MODULES)
  } catch (error) {
    if (error instanceof InvalidModuleSelection) return error.message
    throw error
  }
  throw new Error(`"${raw}" was accepted`)
}

test.group('Module selection (PANTHEON_MODULES)', () => {
  test('unset or empty selects every module', ({ assert }) => {
    for (const raw of [undefined, '']) {
      const selection = parseModuleSelection(raw, APP_MODULES)
      assert.isTrue(selection.all)
      assert.deepEqual(selection.names, APP_MODULES)
      assert.isTrue(selection.includes('orders'))
    }
  })

  test('reads names trimmed, in any case, in kebab case, and keeps the modules order', ({
    assert,
  }) => {
    const selection = parseModuleSelection(' Orders , order-items,CATALOG ,orders,', APP_MODULES)
    assert.isFalse(selection.all)
    assert.deepEqual(selection.names, ['catalog', 'order_items', 'orders'])
  })

  test('selects one module and leaves the others out', ({ assert }) => {
    const selection = parseModuleSelection('catalog', APP_MODULES)
    assert.deepEqual(selection.names, ['catalog'])
    assert.isTrue(selection.includes('catalog'))
    assert.isFalse(selection.includes('orders'))
    assert.deepEqual(selection.available, APP_MODULES)
  })

  test('refuses a name that is no module, naming it and listing the modules', ({ assert }) => {
    const message = refusal('catalog,billing,shipping')
    assert.include(message, '"billing", "shipping"')
    assert.notInclude(message, '"catalog"')
    assert.include(message, 'The modules are catalog, order_items, orders')
  })

  test('refuses a list with no name at all rather than reading it as every module', ({
    assert,
  }) => {
    for (const raw of [' , ', ',', '   ']) {
      assert.include(refusal(raw), 'names no module', raw)
    }
  })
})

test.group('Migration folders of the selected modules', (group) => {
  let root: string
  group.each.setup(async () => {
    root = await mkdtemp(join(tmpdir(), 'pantheon-selection-'))
    for (const name of ['catalog', 'orders']) {
      const infrastructure = join(root, 'modules', name, 'infrastructure')
      await mkdir(join(infrastructure, 'database', 'migrations'), { recursive: true })
      await writeFile(join(infrastructure, `${name}_module.ts`), '')
    }
    const before = process.env.PANTHEON_MODULES
    return async () => {
      if (before === undefined) delete process.env.PANTHEON_MODULES
      else process.env.PANTHEON_MODULES = before
      await rm(root, { recursive: true, force: true })
    }
  })

  test('lists only the selected modules folders, read from the environment', ({ assert }) => {
    process.env.PANTHEON_MODULES = 'orders'
    assert.deepEqual(moduleMigrationFolders(root), [
      'modules/orders/infrastructure/database/migrations',
    ])
    delete process.env.PANTHEON_MODULES
    assert.lengthOf(moduleMigrationFolders(root), 2)
  })

  test('throws on an unknown module', ({ assert }) => {
    process.env.PANTHEON_MODULES = 'catalgo'
    assert.throws(() => moduleMigrationFolders(root), /"catalgo".*catalog, orders/)
  })
})

function consumer(module: string, type: string): Subscription {
  return {
    consumer: `${module}.ProductCreatedConsumer`,
    module,
    type,
    version: 1,
    deliver: async () => {},
  }
}

test.group('Consumers of modules this host does not serve', () => {
  const subscriptions = [consumer('orders', 'catalog.product_created')]

  test('stop the start on the memory transport, naming consumer, event, publisher and fix', ({
    assert,
  }) => {
    const selection = parseModuleSelection('orders', ['catalog', 'orders'])
    try {
      checkUnselectedPublishers(subscriptions, selection, 'memory')
      assert.fail('the check passed')
    } catch (error) {
      assert.instanceOf(error, UnselectedPublisher)
      const { message } = error as Error
      assert.include(
        message,
        'the orders module consumes catalog.product_created (orders.ProductCreatedConsumer) from the catalog module'
      )
      assert.include(message, 'PANTHEON_MODULES=orders,catalog')
      assert.include(message, 'MESSAGE_TRANSPORT=redis or rabbitmq')
    }
  })

  test('pass on a broker, with the publisher selected, with every module, or for another service', ({
    assert,
  }) => {
    const modules = ['catalog', 'orders']
    const orders = parseModuleSelection('orders', modules)
    assert.doesNotThrow(() => checkUnselectedPublishers(subscriptions, orders, 'redis'))
    assert.doesNotThrow(() => checkUnselectedPublishers(subscriptions, orders, 'rabbitmq'))
    const both = parseModuleSelection('orders,catalog', modules)
    assert.doesNotThrow(() => checkUnselectedPublishers(subscriptions, both, 'memory'))
    const every = parseModuleSelection(undefined, modules)
    assert.doesNotThrow(() => checkUnselectedPublishers(subscriptions, every, 'memory'))
    const elsewhere = [consumer('orders', 'billing.invoice_paid')]
    assert.doesNotThrow(() => checkUnselectedPublishers(elsewhere, orders, 'memory'))
  })
})

test.group('Versions check of a host serving some modules', () => {
  test('judges the consumers of its own publishers and of other services, not of modules served elsewhere', ({
    assert,
  }) => {
    const subscriptions = [
      consumer('orders', 'catalog.product_created'),
      consumer('orders', 'orders.order_placed'),
      consumer('orders', 'billing.invoice_paid'),
    ]
    const orders = parseModuleSelection('orders', ['catalog', 'orders'])
    assert.deepEqual(
      judgedHere(subscriptions, orders).map((subscription) => subscription.type),
      ['orders.order_placed', 'billing.invoice_paid']
    )
    const every = parseModuleSelection(undefined, ['catalog', 'orders'])
    assert.lengthOf(judgedHere(subscriptions, every), 3)
  })
})
