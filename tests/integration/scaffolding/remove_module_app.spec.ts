import { test } from '@japa/runner'
import { existsSync } from 'node:fs'
import { readFile, readdir } from 'node:fs/promises'
import { join } from 'node:path'
import { generatedAppCommands } from '#tests/common/generated_app_commands'
import { catalogFeedsOrders, crudCommandLines } from '#tests/common/crud_scaffolding'
import { scaffoldInProcess, scaffoldingApp, type ScaffoldingApp } from '#tests/common/scaffolding'
import { typeChecker } from '#tests/common/type_checker'

const inApp = generatedAppCommands(240)
const node = process.execPath

/**
 * remove-module --force --confirm on an app whose Orders module consumes Catalog's event: the app
 * that is left typechecks, and its migrations run up, all the way down and up again.
 */
test.group('remove-module leaves an app that compiles and migrates both ways', (group) => {
  group.tap((t) => t.tags(['@slow', '@any-database']))
  let shop: ScaffoldingApp
  /** What `node ace …` printed, without the line breaks ace wraps long lines with. */
  const ace = async (...args: string[]) => {
    const { stdout } = await inApp(shop.root, node, ['ace', ...args])
    return stdout.replace(/\n/g, '')
  }

  group.setup(async () => {
    shop = await scaffoldingApp()
    const lines = [
      ...catalogFeedsOrders({ properties: 'Name:string', readModel: true }),
      ['add-entity', 'Order', '--module', 'Orders', '--properties', 'Total:decimal'],
      ...crudCommandLines('Orders', 'Order', 'Orders'),
      ['add-migration', 'AddOrders', '--module', 'Orders'],
    ]
    for (const line of lines) await scaffoldInProcess(shop.root, line)
    return () => shop.remove()
  })

  test('the app remove-module and remove-entity leave typechecks and migrates up, down and up again', async ({
    assert,
  }) => {
    await ace('migration:run')
    const removed = await scaffoldInProcess(shop.root, [
      'remove-module',
      'Catalog',
      '--force',
      '--confirm',
    ])
    assert.include(
      removed!.stdout,
      'delete modules/orders/infrastructure/consumers/product_created_consumer.ts'
    )
    assert.isFalse(existsSync(shop.path('modules/catalog/infrastructure/catalog_module.ts')))
    const kept = await readdir(shop.path('modules/catalog/infrastructure/database/migrations'))
    assert.isTrue(
      kept.some((file) => file.endsWith('_drop_catalog_tables.ts')),
      kept.join(', ')
    )

    // And an entity of the module that stays, with its CRUD.
    await scaffoldInProcess(shop.root, [
      'remove-entity',
      'Order',
      '--module',
      'Orders',
      '--force',
      '--confirm',
    ])
    assert.isFalse(existsSync(shop.path('modules/orders/api/create_order_endpoint.ts')))

    // Then Orders, whose read model of Catalog's products has a table the schema snapshot does
    // not record: its drop migration drops that table too, and down() creates it again.
    await scaffoldInProcess(shop.root, ['remove-module', 'Orders', '--confirm'])
    const ordersMigrations = shop.path('modules/orders/infrastructure/database/migrations')
    const ordersHistory = await readdir(ordersMigrations)
    const dropOrders = ordersHistory.find((file) => file.endsWith('_drop_orders_tables.ts'))
    assert.isDefined(dropOrders)
    const dropSource = await readFile(join(ordersMigrations, dropOrders!), 'utf8')
    assert.include(dropSource, "this.schema.dropTable('orders_catalog_products')")
    assert.include(dropSource, "this.schema.createTable('orders_catalog_products'")

    await inApp(shop.root, node, [typeChecker(shop.root), '--noEmit'])

    const up = await ace('migration:run')
    assert.include(up, 'drop_orders_tables')
    assert.include(up, 'drop_catalog_tables')
    assert.include(up, 'drop_orders_orders_table')
    const down = await ace('migration:rollback', '--batch=0')
    assert.include(down, 'drop_orders_tables')
    assert.include(down, 'drop_catalog_tables')
    assert.include(down, 'add_products')
    assert.include(down, 'drop_orders_orders_table')
    const again = await ace('migration:run')
    for (const migration of [
      'add_products',
      'drop_catalog_tables',
      'add_orders',
      'drop_orders_orders_table',
      'drop_orders_tables',
    ]) {
      assert.include(again, migration)
    }
  }).timeout(240_000)
})
