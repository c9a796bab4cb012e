import { test } from '@japa/runner'
import { cp, readdir, readFile, writeFile } from 'node:fs/promises'
import { join, relative } from 'node:path'
import app from '@adonisjs/core/services/app'
import { runOrFail } from '#tests/common/generated_app_commands'
import { MODULE_FOLDERS } from '#tests/common/reference_app_script'
import { scaffoldingApp, scaffoldInProcess } from '#tests/common/scaffolding'
import { typeChecker } from '#tests/common/type_checker'

const DEFINITION = 'modules/catalog/domain/product_definition.ts'
const MIGRATIONS = 'modules/catalog/infrastructure/database/migrations'

/*
 * The commands a developer grows a module with, run on this repository's own Catalog and
 * Orders (copied into an app made by `init`, without their tests, which use this repository's
 * helpers): the generators read what the script wrote, leave the files edited by hand alone and
 * say so, and the app still typechecks.
 */
test.group('The scaffolding commands on the reference app', (group) => {
  group.tap((t) => t.tags(['@any-database']))

  test('Catalog takes an endpoint for its own command, a list, an update and a new property, and still typechecks', async ({
    assert,
    cleanup,
  }) => {
    const shop = await scaffoldingApp()
    cleanup(() => shop.remove())
    for (const folder of MODULE_FOLDERS) {
      const from = app.makePath(folder)
      await cp(from, shop.path(folder), {
        recursive: true,
        filter: (source) => !relative(from, source).startsWith('tests'),
      })
    }
    const run = (...argv: string[]) => scaffoldInProcess(shop.root, argv)

    // One of Catalog's own commands, exposed in a version that had no endpoint for it.
    await run(
      ...['add-endpoint', 'DeleteProduct', '--module', 'Catalog', '--method', 'DELETE'],
      ...['--route', '/:id', '--command', 'DeleteProduct', '--api-version', '1.0']
    )
    await run('add-query', 'ListProducts', '--module', 'Catalog')
    await run(
      ...['add-endpoint', 'ListProducts', '--module', 'Catalog', '--method', 'GET'],
      ...['--route', '/', '--query', 'ListProducts', '--api-version', '2.0']
    )
    await run('add-command', 'UpdateProduct', '--module', 'Catalog', '--result-type', 'void')
    await run(
      ...['add-endpoint', 'UpdateProduct', '--module', 'Catalog', '--method', 'PUT'],
      ...['--route', '/:id', '--command', 'UpdateProduct', '--api-version', '2.0']
    )

    // A property added to the definition, as a developer writes it.
    const definition = await readFile(shop.path(DEFINITION), 'utf8')
    const category = "    category: { type: 'string', optional: true, length: 100 },\n"
    assert.include(definition, category)
    await writeFile(
      shop.path(DEFINITION),
      definition.replace(category, `${category}    stock: { type: 'int', optional: true },\n`)
    )
    const synced = await run('sync-entity', 'Product', '--module', 'Catalog')
    const output = synced?.stdout ?? ''
    assert.match(output, /update\s+modules\/catalog\/domain\/product\.ts/)
    assert.match(
      output,
      /skip modules\/catalog\/application\/commands\/create_product\/create_product_command\.ts .*edited since it was generated/
    )
    assert.include(
      await readFile(shop.path('modules/catalog/application/dtos/product_dto.ts'), 'utf8'),
      'stock: number | null'
    )

    const before = await readdir(shop.path(MIGRATIONS))
    await run('add-migration', 'AddStock', '--module', 'Catalog')
    const after = await readdir(shop.path(MIGRATIONS))
    const [added] = after.filter((file) => !before.includes(file))
    const migration = await readFile(join(shop.path(MIGRATIONS), added), 'utf8')
    assert.match(migration, /alterTable\('catalog_products'/)
    assert.include(migration, "table.integer('stock').nullable()")

    const tsc = typeChecker(shop.root)
    await runOrFail(process.execPath, [tsc, '--noEmit'], {
      cwd: shop.root,
      env: process.env,
      timeout: 240_000,
    })
  }).timeout(300_000)
})
