import { test } from '@japa/runner'
import { readFile } from 'node:fs/promises'
import { generatedAppCommands } from '#tests/common/generated_app_commands'
import { scaffoldingApp, type ScaffoldingApp } from '#tests/common/scaffolding'
import { typeChecker } from '#tests/common/type_checker'
import { lintApp } from '#tests/common/app_lint'

/*
 * Entities the generators once tripped on, found by the generator matrix: named like the
 * variables the generated files give their own values (`group` of `test.group(…, (group) =>
 * …)`, `client` of `async ({ client, assert })`, `found` and `existing` of the change handlers,
 * `body` of the starter tests), whose files now hold the entity in a variable of another name;
 * and one with no property a list sorts by (text and JSON only), whose list query imported the
 * sortable fields it never used. Each whole CRUD typechecks and lints clean.
 */

const inApp = generatedAppCommands(118, { scaffoldInProcess: true })

/** Each with a unique key: the starter tests of such an entity take the `group` parameter. */
const ENTITIES = ['Group', 'Client', 'Found', 'Existing', 'Body']

test.group('Entities the generators once tripped on', (group) => {
  group.tap((t) => t.tags(['@slow', '@any-database']))
  let shop: ScaffoldingApp
  group.setup(async () => {
    shop = await scaffoldingApp()
    return () => shop.remove()
  })

  test('scaffold with a CRUD each, typecheck and lint clean', async ({ assert }) => {
    const ace = (...args: string[]) => inApp(shop.root, process.execPath, ['ace', ...args])
    await ace('add-module', 'Sales')
    for (const entity of ENTITIES) {
      await ace(
        'add-entity',
        entity,
        '--module',
        'Sales',
        '--aggregate',
        '--properties',
        'Code:string(20):unique,Note:text?'
      )
      await ace('add-crud', entity, '--module', 'Sales')
    }
    // Nothing a list sorts or filters by: text and JSON only.
    await ace('add-entity', 'Memo', '--module', 'Sales', '--properties', 'Text:text?,Meta:json')
    await ace('add-crud', 'Memo', '--module', 'Sales')
    await ace('add-migration', 'Init', '--module', 'Sales')

    const handler = await readFile(
      shop.path('modules/sales/application/commands/update_group/update_group_handler.ts'),
      'utf8'
    )
    assert.include(handler, 'const groupEntity = existing.withChanges(')
    await inApp(shop.root, process.execPath, [typeChecker(shop.root), '--noEmit'])
    await lintApp(shop.root, ['modules'])
  }).timeout(240_000)
})
