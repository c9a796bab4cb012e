import { test } from '@japa/runner'
import { execFile } from 'node:child_process'
import { readFile, writeFile } from 'node:fs/promises'
import { promisify } from 'node:util'
import AddEntity from '#commands/add_entity'
import AddEvent from '#commands/add_event'
import AddModule from '#commands/add_module'
import SyncEntity from '#commands/sync_entity'
import { scaffoldingApp, type ScaffoldingApp } from '#tests/common/scaffolding'
import { typeChecker } from '#tests/common/type_checker'

const run = promisify(execFile)

let shop: ScaffoldingApp

const path = (file: string) => shop.path('modules', 'shop', file)
const PUBLISHER = 'infrastructure/publish_product_created_event_handler.ts'

/** The type errors tsc finds in the module's files, with the app's tsconfig. */
async function moduleTypeErrors(): Promise<string[]> {
  try {
    await run(process.execPath, [typeChecker(shop.root), '--noEmit'], {
      cwd: shop.root,
    })
    return []
  } catch (error) {
    const output = String((error as { stdout?: string }).stdout ?? error)
    const errors = output.split('\n').filter((line) => /^\S+\(\d+,\d+\): error /.test(line))
    if (errors.length === 0) throw new Error(`tsc failed without type errors:\n${output}`)
    return errors.filter((line) => line.startsWith('modules/shop/'))
  }
}

test.group('sync-entity --rename: event publishers follow a renamed property', (group) => {
  group.tap((t) => t.tags(['@any-database']))
  group.each.setup(async () => {
    shop = await scaffoldingApp()
    await shop.runAll([
      [AddModule, ['Shop']],
      [
        AddEntity,
        ['Product', '--module', 'Shop', '--aggregate', '--properties', 'Name:string,Price:decimal'],
      ],
      [AddEvent, ['ProductCreated', '--module', 'Shop', '--from', 'ProductCreated']],
    ])
    const definition = path('domain/product_definition.ts')
    const source = await readFile(definition, 'utf8')
    await writeFile(definition, source.replace('name: { type', 'title: { type'))
    return () => shop.remove()
  })

  test('the publisher reads the new field for the same contract field, and the module typechecks', async ({
    assert,
  }) => {
    const contract = await readFile(path('integration/product_created.ts'), 'utf8')
    const { exitCode, output } = await shop.run(SyncEntity, [
      'Product',
      '--module',
      'Shop',
      '--rename',
      'Name:Title',
    ])
    assert.equal(exitCode, 0, output)
    const publisher = await readFile(path(PUBLISHER), 'utf8')
    assert.include(publisher, 'name: product.title')
    assert.notInclude(publisher, 'product.name')
    // The contract other modules read is unchanged.
    assert.equal(await readFile(path('integration/product_created.ts'), 'utf8'), contract)
    assert.include(output, '--rename Product.Name:Title')
    assert.deepEqual(await moduleTypeErrors(), [])
  })
    .tags(['@slow'], 'append')
    .timeout(60_000)

  test('a rename noted in the definition (renamedFrom) is followed without --rename', async ({
    assert,
  }) => {
    const definition = path('domain/product_definition.ts')
    const source = await readFile(definition, 'utf8')
    await writeFile(
      definition,
      source.replace('title: { type', "title: { renamedFrom: 'name', type")
    )
    const { exitCode, output } = await shop.run(SyncEntity, ['Product', '--module', 'Shop'])
    assert.equal(exitCode, 0, output)
    const publisher = await readFile(path(PUBLISHER), 'utf8')
    assert.include(publisher, 'name: product.title')
    assert.notInclude(output, 'which Product no longer has')
    assert.deepEqual(await moduleTypeErrors(), [])
  })
    .tags(['@slow'], 'append')
    .timeout(60_000)

  test('without --rename, the publisher left behind is named with the fix', async ({ assert }) => {
    const { exitCode, output } = await shop.run(SyncEntity, ['Product', '--module', 'Shop'])
    assert.equal(exitCode, 0, output)
    assert.include(
      output,
      `modules/shop/${PUBLISHER} reads product.name, which Product no longer has: if it was renamed, run sync-entity again with --rename Name:<NewName>`
    )
  })

  test('refuses --rename {value}: {message}')
    .with([
      { value: 'Name', message: /--rename Name is not a rename/ },
      { value: 'Price:Cost', message: /should have cost and no longer price/ },
    ])
    .run(async ({ assert }, { value, message }) => {
      const before = await readFile(path(PUBLISHER), 'utf8')
      const { exitCode, output } = await shop.run(SyncEntity, [
        'Product',
        '--module',
        'Shop',
        '--rename',
        value,
      ])
      assert.equal(exitCode, 1)
      assert.match(output, message)
      assert.equal(await readFile(path(PUBLISHER), 'utf8'), before)
    })
})
