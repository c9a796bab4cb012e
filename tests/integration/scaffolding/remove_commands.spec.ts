import { test } from '@japa/runner'
import { existsSync, globSync } from 'node:fs'
import { cp, mkdtemp, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import AddModule from '#commands/add_module'
import RemoveEndpoint from '#commands/remove_endpoint'
import RemoveEntity from '#commands/remove_entity'
import RemoveModule from '#commands/remove_module'
import type { DoctorContext } from '#kit/doctor/doctor_check'
import { moduleLayoutCheck } from '#kit/doctor/module_layout_check'
import { catalogFeedsOrders, scaffoldJson } from '#tests/common/crud_scaffolding'
import {
  failingWriter,
  runCommand,
  scaffoldInProcess,
  scaffoldingApp,
  type ScaffoldingApp,
} from '#tests/common/scaffolding'

/*
 * remove-endpoint, remove-entity and remove-module run in process in copies of one app made by
 * `init`: Catalog with an aggregate Product, its CRUD (use cases and endpoints), its migration
 * and its ProductCreated event, which Orders consumes.
 */

let base: ScaffoldingApp

/** Every file and folder of the app under modules/ and docs/, with its text: what must not change. */
async function snapshotOf(root: string): Promise<Record<string, string>> {
  const entries = globSync('{modules,docs}/**/*', { cwd: root, withFileTypes: true })
  const texts: Record<string, string> = {}
  for (const entry of entries) {
    const path = join(entry.parentPath, entry.name)
    texts[path.slice(root.length + 1)] = entry.isFile() ? await readFile(path, 'utf8') : '<folder>'
  }
  return texts
}

/** A copy of the base app for one test (its node_modules link copied as a link). */
async function shop() {
  const root = join(await mkdtemp(join(tmpdir(), 'pantheon-remove-')), 'Shop')
  await cp(base.root, root, { recursive: true, verbatimSymlinks: true })
  return {
    root,
    path: (...segments: string[]) => join(root, ...segments),
    run: (command: Parameters<typeof runCommand>[0], argv: string[]) =>
      runCommand(command, argv, { appRoot: root }),
    remove: () => rm(join(root, '..'), { recursive: true, force: true }),
    read: (path: string) => readFile(join(root, path), 'utf8'),
    has: (path: string) => existsSync(join(root, path)),
  }
}

test.group('remove-endpoint, remove-entity and remove-module', (group) => {
  group.tap((t) => t.tags(['@any-database']))
  group.setup(async () => {
    base = await scaffoldingApp()
    const lines = catalogFeedsOrders({ properties: 'Name:string,Price:decimal' })
    for (const line of lines) await scaffoldInProcess(base.root, line)
    return () => base.remove()
  })

  test('remove-endpoint without --confirm lists what it would delete and writes nothing', async ({
    assert,
  }) => {
    const app = await shop()
    const before = await snapshotOf(app.root)
    const { output, exitCode } = await app.run(RemoveEndpoint, [
      'GetProduct',
      '--module',
      'Catalog',
    ])

    assert.equal(exitCode, 0, output)
    assert.include(output, 'would delete modules/catalog/api/get_product_endpoint.ts')
    assert.include(
      output,
      'would delete modules/catalog/tests/integration/get_product_endpoint.spec.ts'
    )
    assert.include(output, 'would update modules/catalog/infrastructure/catalog_index.ts')
    assert.include(output, 'Run again with --confirm')
    assert.deepEqual(await snapshotOf(app.root), before)
    await app.remove()
  })

  test('remove-endpoint --confirm deletes the endpoint and its test, and updates the index and the record', async ({
    assert,
  }) => {
    const app = await shop()
    const { output, exitCode } = await app.run(RemoveEndpoint, [
      'GetProduct',
      '--module',
      'Catalog',
      '--confirm',
      '--json',
    ])

    assert.equal(exitCode, 0, output)
    const result = scaffoldJson(output)
    assert.deepEqual(result.deleted, [
      'modules/catalog/api/get_product_endpoint.ts',
      'modules/catalog/tests/integration/get_product_endpoint.spec.ts',
    ])
    assert.isFalse(app.has('modules/catalog/api/get_product_endpoint.ts'))
    assert.notInclude(
      await app.read('modules/catalog/infrastructure/catalog_index.ts'),
      'get_product_endpoint'
    )
    const record = JSON.parse(await app.read('modules/catalog/generated_files.json'))
    assert.notProperty(record.recipes, 'add-endpoint GetProduct')
    assert.notProperty(record.files, 'api/get_product_endpoint.ts')
    // The query it asked stays.
    assert.isTrue(
      app.has('modules/catalog/application/queries/get_product_by_id/get_product_by_id_query.ts')
    )
    await app.remove()
  })

  test('an unknown endpoint or module is refused with the names that exist', async ({ assert }) => {
    const app = await shop()
    const endpoint = await app.run(RemoveEndpoint, ['get-product', '--module', 'Catalog'])
    assert.equal(endpoint.exitCode, 1)
    assert.include(
      endpoint.output,
      'There is no endpoint in the Catalog module named "get-product"; did you mean GetProduct?'
    )
    assert.include(endpoint.output, 'GetProduct (GET /api/catalog/:id)')
    assert.include(endpoint.output, 'ListProducts (GET /api/catalog)')

    const module = await app.run(RemoveEntity, ['Product', '--module', 'Catalogue'])
    assert.equal(module.exitCode, 1)
    assert.include(module.output, 'There is no module named "Catalogue"')
    assert.include(module.output, 'The ones there are: Catalog, Orders')

    const entity = await app.run(RemoveEntity, ['product', '--module', 'Catalog'])
    assert.include(entity.output, 'did you mean Product?')
    await app.remove()
  })

  test('remove-entity is refused while endpoints send its commands, and changes nothing', async ({
    assert,
  }) => {
    const app = await shop()
    const before = await snapshotOf(app.root)
    const { output, exitCode } = await app.run(RemoveEntity, [
      'Product',
      '--module',
      'Catalog',
      '--confirm',
    ])

    assert.equal(exitCode, 1)
    assert.include(output, 'The entity Product is used elsewhere, so nothing was removed')
    assert.include(
      output,
      'the endpoint modules/catalog/api/create_product_endpoint.ts uses modules/catalog/application/commands/create_product/create_product_command.ts'
    )
    assert.include(
      output,
      'the event publisher modules/catalog/infrastructure/publish_product_created_event_handler.ts'
    )
    assert.include(output, 'run again with --force')
    assert.deepEqual(await snapshotOf(app.root), before)
    await app.remove()
  })

  test('remove-entity --force --confirm removes the entity, its use cases and endpoints, and writes the drop migration', async ({
    assert,
  }) => {
    const app = await shop()
    const { output, exitCode } = await app.run(RemoveEntity, [
      'Product',
      '--module',
      'Catalog',
      '--force',
      '--confirm',
      '--json',
    ])

    assert.equal(exitCode, 0, output)
    const result = scaffoldJson(output)
    for (const gone of [
      'modules/catalog/domain/product.ts',
      'modules/catalog/domain/product_definition.ts',
      'modules/catalog/infrastructure/persistence/lucid_product_repository.ts',
      'modules/catalog/application/commands/create_product/create_product_handler.ts',
      'modules/catalog/application/queries/list_products/list_products_query.ts',
      'modules/catalog/application/dtos/product_dto.ts',
      'modules/catalog/api/create_product_endpoint.ts',
      'modules/catalog/infrastructure/publish_product_created_event_handler.ts',
      'modules/catalog/tests/unit/product.spec.ts',
    ]) {
      assert.include(result.deleted, gone)
      assert.isFalse(app.has(gone), gone)
    }
    // What does not depend on the entity stays: the event contract, which Orders consumes.
    assert.isTrue(app.has('modules/catalog/integration/product_created.ts'))
    assert.isFalse(app.has('modules/catalog/application/commands/create_product'))
    const registration = await app.read('modules/catalog/infrastructure/catalog_module.ts')
    assert.notInclude(registration, 'ProductRepository')
    assert.include(registration, 'productCreatedEvent')
    const snapshot = JSON.parse(
      await app.read('modules/catalog/infrastructure/database/schema_snapshot.json')
    )
    assert.deepEqual(snapshot, { tables: {} })

    const [migration] = result.created.filter((file) =>
      file.endsWith('_drop_catalog_products_table.ts')
    )
    assert.exists(migration, JSON.stringify(result.created))
    const text = await app.read(migration)
    assert.include(
      text,
      'WARNING: DATA IS DROPPED. up() drops these tables and every row in them: catalog_products.'
    )
    assert.match(text, /async up\(\) \{\s*this\.schema\.dropTable\('catalog_products'\)\s*\}/)
    assert.match(
      text,
      /async down\(\) \{\s*this\.schema\.createTable\('catalog_products', \(table\) => \{/
    )
    assert.include(text, "table.uuid('id').primary()")
    assert.include(text, "table.decimal('price'")
    assert.include(result.nextSteps.join('\n'), 'node ace migration:run')
    await app.remove()
  })

  test('a removal that fails half-way leaves every file as it was', async ({ assert }) => {
    const app = await shop()
    const before = await snapshotOf(app.root)
    const { output, exitCode } = await runCommand(
      RemoveEntity,
      ['Product', '--module', 'Catalog', '--force', '--confirm'],
      { appRoot: app.root, writer: failingWriter(2) }
    )

    assert.equal(exitCode, 1)
    assert.include(output, 'disk full (injected) (nothing was changed)')
    assert.deepEqual(await snapshotOf(app.root), before)
    assert.isFalse(app.has('tmp/pantheon-scaffold-journal.json'))
    await app.remove()
  })

  test('remove-module is refused while another module consumes its events', async ({ assert }) => {
    const app = await shop()
    const before = await snapshotOf(app.root)
    const { output, exitCode } = await app.run(RemoveModule, ['Catalog', '--confirm'])

    assert.equal(exitCode, 1)
    assert.include(output, 'The Catalog module is used elsewhere, so nothing was removed')
    assert.include(
      output,
      'the consumer modules/orders/infrastructure/consumers/product_created_consumer.ts consumes catalog.product_created v1, which Catalog publishes'
    )
    assert.deepEqual(await snapshotOf(app.root), before)
    await app.remove()
  })

  test('remove-module --force --confirm removes the module and the consumers of its events, and keeps its migrations with the drop migration', async ({
    assert,
  }) => {
    const app = await shop()
    const { output, exitCode } = await app.run(RemoveModule, [
      'Catalog',
      '--force',
      '--confirm',
      '--json',
    ])

    assert.equal(exitCode, 0, output)
    const result = scaffoldJson(output)
    assert.include(
      result.deleted,
      'modules/orders/infrastructure/consumers/product_created_consumer.ts'
    )
    assert.include(result.deleted, 'modules/orders/tests/unit/product_created_consumer.spec.ts')
    assert.include(result.deleted, 'modules/catalog/infrastructure/catalog_module.ts')
    assert.notInclude(
      await app.read('modules/orders/infrastructure/orders_index.ts'),
      'product_created'
    )
    const left = globSync('**/*', { cwd: app.path('modules/catalog') }).sort()
    const migrations = left.filter((file) => file.endsWith('.ts'))
    assert.lengthOf(migrations, 2, left.join('\n'))
    assert.isTrue(
      migrations.every((file) => file.startsWith('infrastructure/database/migrations/'))
    )
    const drop = migrations.find((file) => file.endsWith('_drop_catalog_tables.ts'))!
    const text = await app.read(join('modules/catalog', drop))
    assert.include(text, "this.schema.dropTable('catalog_products')")
    assert.include(text, "this.schema.createTable('catalog_products'")
    assert.isFalse(app.has('modules/catalog/infrastructure/database/schema_snapshot.json'))
    assert.isFalse(app.has('modules/catalog/generated_files.json'))
    await app.remove()
  })

  test('a module nothing uses and no migration ran for goes whole', async ({ assert }) => {
    const app = await shop()
    const { output, exitCode } = await app.run(RemoveModule, ['Orders', '--confirm', '--json'])

    assert.equal(exitCode, 0, output)
    assert.include(
      scaffoldJson(output).deleted,
      'modules/orders/infrastructure/database/migrations/.gitkeep'
    )
    assert.isFalse(app.has('modules/orders'))
    assert.isTrue(app.has('modules/catalog/infrastructure/catalog_module.ts'))
    await app.remove()
  })

  test("what remove-module keeps passes the doctor's module check, and add-module makes the module again", async ({
    assert,
  }) => {
    const app = await shop()
    await app.run(RemoveModule, ['Catalog', '--force', '--confirm'])
    const context = { appRoot: app.root } as DoctorContext
    assert.deepEqual(await moduleLayoutCheck.run(context), [])

    const added = await app.run(AddModule, ['Catalog'])
    assert.equal(added.exitCode, 0, added.output)
    assert.isTrue(app.has('modules/catalog/infrastructure/catalog_module.ts'))
    const migrations = globSync('*.ts', {
      cwd: app.path('modules/catalog/infrastructure/database/migrations'),
    })
    assert.lengthOf(migrations, 2)
    await app.remove()
  })
})
