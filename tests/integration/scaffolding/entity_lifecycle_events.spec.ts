import { test } from '@japa/runner'
import { stripVTControlCharacters } from 'node:util'
import { readFile } from 'node:fs/promises'
import AddConsumer from '#commands/add_consumer'
import AddCrud from '#commands/add_crud'
import AddEntity from '#commands/add_entity'
import AddEvent from '#commands/add_event'
import AddMigration from '#commands/add_migration'
import AddModule from '#commands/add_module'
import { generatedAppCommands } from '#tests/common/generated_app_commands'
import { scaffoldingApp, type ScaffoldingApp } from '#tests/common/scaffolding'
import { typeChecker } from '#tests/common/type_checker'

/*
 * An aggregate publishes every change, and another module's copy follows it: Sales publishes
 * CustomerCreated, CustomerUpdated and CustomerDeleted from its aggregate's domain events, and
 * Billing keeps one read model from the three, applying only what is newer than its copy.
 */

const inApp = generatedAppCommands(119)

let shop: ScaffoldingApp

test.group('Events for every change of an aggregate', (group) => {
  group.tap((t) => t.tags(['@any-database', '@slow']))
  group.setup(async () => {
    shop = await scaffoldingApp()
    return () => shop.remove()
  })

  test('add-event --from Created, Updated and Deleted, and one read model consuming all three', async ({
    assert,
  }) => {
    const steps = [
      [AddModule, ['Sales']],
      [AddModule, ['Billing']],
      [
        AddEntity,
        [
          'Customer',
          '--module',
          'Sales',
          '--aggregate',
          '--properties',
          'Email:string(120):unique,Name:string,Joined:date,Note:text?',
        ],
      ],
      [AddCrud, ['Customer', '--module', 'Sales']],
      ...['Created', 'Updated', 'Deleted'].map(
        (change) =>
          [
            AddEvent,
            [`Customer${change}`, '--module', 'Sales', '--from', `Customer${change}`],
          ] as const
      ),
      ...['Created', 'Updated', 'Deleted'].map(
        (change) =>
          [AddConsumer, [`Customer${change}`, '--module', 'Billing', '--read-model']] as const
      ),
      [AddMigration, ['Init', '--module', 'Sales']],
      [AddMigration, ['Init', '--module', 'Billing']],
    ] as const
    await shop.runAll(steps)

    const updated = await readFile(
      shop.path('modules/sales/integration/customer_updated.ts'),
      'utf8'
    )
    assert.include(updated, '@pantheonProperties Id:uuid,Version:int,Email:string(120),Name:string')
    const deletes = await readFile(
      shop.path('modules/billing/infrastructure/consumers/customer_deleted_consumer.ts'),
      'utf8'
    )
    // Kept as a deleted marker: upsertSalesCustomer(client, { … }, true)
    assert.match(deletes, /upsertSalesCustomer\([\s\S]*\},\s*true\s*\)/)

    const node = process.execPath
    await inApp(shop.root, node, [typeChecker(shop.root), '--noEmit'])
    // Each module's own tests alone (`node ace test --module`), Billing without Sales loaded.
    let stdout = ''
    for (const module of ['sales', 'billing']) {
      const { stdout: colored } = await inApp(shop.root, node, [
        'ace',
        'test',
        '--module',
        module,
        '--reporters=spec',
      ])
      stdout += stripVTControlCharacters(colored)
    }
    assert.include(stdout, 'an older event delivered after a newer one changes nothing')
    assert.include(stdout, 'makes the copy answer 404, and no older event brings it back')
    assert.include(stdout, 'raises CustomerDeleted with what it was')
    assert.match(stdout, /Tests\s+\d+ passed/, stdout)
    assert.notMatch(stdout, /\d+ failed/, stdout)
  }).timeout(240_000)
})
