import { test } from '@japa/runner'
import { cp, mkdir, readFile, rm, writeFile } from 'node:fs/promises'
import { basename, dirname } from 'node:path'
import app from '@adonisjs/core/services/app'
import Migrate from '@adonisjs/lucid/commands/migration/run'
import AddConsumer from '#commands/add_consumer'
import AddEntity from '#commands/add_entity'
import AddEvent from '#commands/add_event'
import AddMigration from '#commands/add_migration'
import AddCommand from '#commands/add_command'
import AddModule from '#commands/add_module'
import Doctor from '#commands/doctor'
import PantheonIndex from '#commands/pantheon_index'
import SyncEntity from '#commands/sync_entity'
import type { DoctorReport } from '#kit/doctor/doctor_report'
import { scaffoldingApp, type ScaffoldingApp } from '#tests/common/scaffolding'

let shop: ScaffoldingApp
let connection: string

/**
 * A SQLite database of the app's own, migrated: the doctor reads its migrations from the app's
 * folders (the connection's paths are relative to the app's root).
 */
async function migratedDatabase(): Promise<() => Promise<void>> {
  const db = await app.container.make('lucid.db')
  connection = `doctor_${basename(dirname(shop.root)).replace(/\W/g, '_')}`
  await mkdir(shop.path('tmp'), { recursive: true })
  db.manager.add(connection, {
    client: 'better-sqlite3',
    connection: { filename: shop.path('tmp', 'doctor.sqlite3') },
    useNullAsDefault: true,
    migrations: { naturalSort: true, paths: ['database/migrations'] },
  })
  await shop.run(Migrate, ['--connection', connection, '--no-schema-generate'])
  return async () => {
    await db.manager.close(connection)
    db.manager.release(connection)
  }
}

async function doctor(...flags: string[]) {
  const { exitCode, output } = await shop.run(Doctor, ['--connection', connection, ...flags])
  return { exitCode, output }
}

/** The report of `doctor --json`, and its findings of one check. */
async function report(check: string, ...flags: string[]) {
  const { exitCode, output } = await doctor('--json', ...flags)
  const parsed = JSON.parse(output) as DoctorReport
  const findings = parsed.checks.find((entry) => entry.id === check)?.findings ?? []
  return { exitCode, report: parsed, findings }
}

/** A Catalog module with a Product entity and its Create command, as the generators write them. */
async function productWithUseCase() {
  await shop.run(AddModule, ['Catalog'])
  await shop.run(AddEntity, ['Product', '--module', 'Catalog', '--properties', 'Name:string'])
  await shop.run(AddCommand, ['CreateProduct', '--module', 'Catalog', '--result-type', 'ProductId'])
}

/** A migration of the app's own, written by hand and not run yet; its path. */
async function writeNotesMigration(): Promise<string> {
  const file = shop.path('database/migrations/1999999999999_create_notes.ts')
  await writeFile(
    file,
    [
      "import { BaseSchema } from '@adonisjs/lucid/schema'",
      'export default class extends BaseSchema {',
      "  async up() { this.schema.createTable('notes', (table) => table.increments('id')) }",
      "  async down() { this.schema.dropTable('notes') }",
      '}',
      '',
    ].join('\n')
  )
  return file
}

/** Product's definition edited as a user edits it: a new optional property. */
async function addStockToProduct() {
  const definition = shop.path('modules/catalog/domain/product_definition.ts')
  const source = await readFile(definition, 'utf8')
  await writeFile(
    definition,
    source.replace(
      'properties: {\n',
      "properties: {\n    stock: { type: 'int', optional: true },\n"
    )
  )
}

test.group('doctor', (group) => {
  group.tap((t) => t.tags(['@any-database']))
  group.each.setup(async () => {
    shop = await scaffoldingApp()
    const closeDatabase = await migratedDatabase()
    return async () => {
      await closeDatabase()
      await shop.remove()
    }
  })

  test('a fresh app is clean: exit 0, every check ✓', async ({ assert }) => {
    const { exitCode, output } = await doctor('--strict')
    assert.equal(exitCode, 0, output)
    assert.include(output, '✓ Kit version')
    assert.include(output, '✓ TypeScript compiler')
    assert.include(output, '✓ Pending migrations')
    assert.include(output, 'No problem found')
    assert.notInclude(output, '✗')
  })

  test('--json prints only { ok, problems, warnings, checks }', async ({ assert }) => {
    const { exitCode, report: parsed } = await report('kit-version')
    assert.equal(exitCode, 0)
    assert.deepEqual(Object.keys(parsed), ['ok', 'problems', 'warnings', 'checks'])
    assert.isTrue(parsed.ok)
    assert.deepEqual(
      parsed.checks.map((check) => check.id),
      [
        'kit-version',
        'typescript-compiler',
        'modules',
        'schema',
        'migrations',
        'generated-files',
        'routes',
        'events',
        'messaging',
      ]
    )
  })

  test('kit version skew: package.json asks for a kit that is not installed', async ({
    assert,
  }) => {
    const manifest = JSON.parse(await readFile(shop.path('package.json'), 'utf8'))
    manifest.dependencies['@pantheon/kit'] = '^0.3.0'
    await writeFile(shop.path('package.json'), JSON.stringify(manifest, null, 2))
    const { exitCode, findings } = await report('kit-version')
    assert.equal(exitCode, 1)
    assert.deepEqual(findings, [
      {
        severity: 'error',
        message: 'package.json asks for @pantheon/kit ^0.3.0, but 0.2.0 is installed',
        fix: 'npm install @pantheon/kit@^0.3.0',
      },
    ])
  })

  test('a module without its index, or without its migrations folder', async ({ assert }) => {
    await shop.run(AddModule, ['Catalog'])
    await rm(shop.path('modules/catalog/infrastructure/catalog_index.ts'))
    const missing = await report('modules')
    assert.equal(missing.exitCode, 1)
    assert.deepEqual(missing.findings, [
      {
        severity: 'error',
        message:
          'the Catalog module has no index (modules/catalog/infrastructure/catalog_index.ts)',
        fix: 'node ace pantheon:index',
      },
    ])
    await rm(shop.path('modules/catalog/infrastructure/database/migrations'), { recursive: true })
    const { findings } = await report('modules')
    assert.include(findings[1].message, 'has no migrations folder')
  })

  test('a module folder without its registration class: the app does not load it', async ({
    assert,
  }) => {
    await shop.run(AddModule, ['Catalog'])
    await rm(shop.path('modules/catalog/infrastructure/catalog_module.ts'))
    const { exitCode, findings } = await report('modules')
    assert.equal(exitCode, 1)
    assert.deepEqual(findings, [
      {
        severity: 'error',
        message:
          'modules/catalog has no registration class (modules/catalog/infrastructure/catalog_module.ts): the app does not load it',
        fix: 'restore modules/catalog/infrastructure/catalog_module.ts (node ace add-module Catalog in another app shows it), or delete modules/catalog',
      },
    ])
  })

  test("an index that no longer lists its module's files", async ({ assert }) => {
    await shop.run(AddModule, ['Catalog'])
    const fresh = await report('modules')
    assert.deepEqual(fresh.findings, [])
    // An endpoint added by hand, without node ace pantheon:index.
    const sample = await readFile(
      shop.path('modules/catalog/api/get_catalog_sample_endpoint.ts'),
      'utf8'
    )
    await writeFile(
      shop.path('modules/catalog/api/get_catalog_status_endpoint.ts'),
      sample.replace("readonly path = '/sample'", "readonly path = '/status'")
    )
    const { exitCode, findings } = await report('modules')
    assert.equal(exitCode, 1)
    assert.deepEqual(findings, [
      {
        severity: 'error',
        message:
          "modules/catalog/infrastructure/catalog_index.ts does not match its module's files",
        fix: 'node ace pantheon:index',
      },
    ])
  })

  test('a migration that ran but whose file is gone', async ({ assert }) => {
    const file = await writeNotesMigration()
    await shop.run(Migrate, ['--connection', connection, '--no-schema-generate'])
    const ran = await report('migrations')
    assert.deepEqual(ran.findings, [])
    await rm(file)
    const { exitCode, findings } = await report('migrations')
    assert.equal(exitCode, 1)
    assert.deepEqual(findings, [
      {
        severity: 'error',
        message: `database/migrations/1999999999999_create_notes ran on the ${connection} connection, but its file is gone`,
        fix: "restore database/migrations/1999999999999_create_notes.ts (the database's adonis_schema table names it)",
      },
    ])
  })

  test('an entity definition edited without add-migration: a migration is due', async ({
    assert,
  }) => {
    await shop.run(AddModule, ['Catalog'])
    await shop.run(AddEntity, ['Product', '--module', 'Catalog', '--properties', 'Name:string'])
    await shop.run(AddMigration, ['AddProducts', '--module', 'Catalog'])
    await addStockToProduct()
    const { exitCode, findings } = await report('schema')
    assert.equal(exitCode, 1)
    assert.deepEqual(findings, [
      {
        severity: 'error',
        message:
          "the Catalog module's entity definitions differ from its schema snapshot (Product): a migration is due",
        fix: 'node ace add-migration <Name> --module Catalog',
      },
    ])
  })

  test('a pending migration', async ({ assert }) => {
    await writeNotesMigration()
    const { exitCode, findings } = await report('migrations')
    assert.equal(exitCode, 1)
    assert.deepEqual(findings, [
      {
        severity: 'error',
        message: `1 migration(s) not run on the ${connection} connection: database/migrations/1999999999999_create_notes`,
        fix: `node ace migration:run --connection ${connection}`,
      },
    ])
  })

  test('a generated file edited by hand is a warning: exit 0, and 2 with --strict', async ({
    assert,
  }) => {
    await shop.run(AddModule, ['Catalog'])
    const record = JSON.parse(
      await readFile(shop.path('modules/catalog/generated_files.json'), 'utf8')
    )
    const file = Object.keys(record.files).find((path) => path.startsWith('application/'))!
    await writeFile(
      shop.path('modules/catalog', file),
      `// edited\n${await readFile(shop.path('modules/catalog', file), 'utf8')}`
    )
    const { exitCode, findings } = await report('generated-files')
    assert.equal(exitCode, 0)
    assert.deepEqual(findings, [
      {
        severity: 'warning',
        message: `modules/catalog/${file} was edited by hand since it was generated (no sync-entity run rewrites it)`,
        fix: 'keep the edit (no command rewrites this file), or restore the generated text from version control',
      },
    ])
    const strict = await doctor('--strict')
    assert.equal(strict.exitCode, 2)
    assert.include(
      strict.output,
      '! Generated files: stale against their definition, or edited by hand'
    )
  })

  test('an edit whose first line says why is known: no warning, and the file is not stale', async ({
    assert,
  }) => {
    await productWithUseCase()
    const handler = shop.path(
      'modules/catalog/application/commands/create_product/create_product_handler.ts'
    )
    const generated = await readFile(handler, 'utf8')
    await writeFile(
      handler,
      `// Edited after generation: the price is checked twice.\n${generated}`
    )
    await addStockToProduct()
    const { findings } = await report('generated-files')
    assert.lengthOf(findings, 1)
    assert.notInclude(findings[0].message, 'create_product_handler.ts')

    // A mark without a reason is no mark: the edit is warned about as any other.
    await writeFile(handler, `// Edited after generation: yes\n${generated}`)
    const unexplained = await report('generated-files')
    assert.isTrue(
      unexplained.findings.some(
        (finding) =>
          finding.severity === 'warning' && finding.message.includes('create_product_handler.ts')
      )
    )
  })

  test('files generated from an entity whose definition changed since: sync-entity is due', async ({
    assert,
  }) => {
    await productWithUseCase()
    const fresh = await report('generated-files')
    assert.deepEqual(fresh.findings, [])

    await addStockToProduct()
    const { exitCode, findings } = await report('generated-files')
    assert.equal(exitCode, 1)
    assert.lengthOf(findings, 1)
    assert.equal(findings[0].severity, 'error')
    assert.match(
      findings[0].message,
      /^\d+ file\(s\) generated from the Product entity no longer match its definition \(modules\/catalog\/domain\/product_definition\.ts\): sync-entity is due \(/
    )
    assert.include(findings[0].message, 'modules/catalog/domain/product.ts')
    assert.include(
      findings[0].message,
      'modules/catalog/application/commands/create_product/create_product_validator.ts'
    )
    assert.equal(findings[0].fix, 'node ace sync-entity Product --module Catalog')

    const synced = await shop.run(SyncEntity, ['Product', '--module', 'Catalog'])
    assert.equal(synced.exitCode, 0, synced.output)
    const after = await report('generated-files')
    assert.deepEqual(after.findings, [])
  })

  test("an entity's generated file edited by hand: a warning naming the file and how to keep it", async ({
    assert,
  }) => {
    await productWithUseCase()
    const handler = 'application/commands/create_product/create_product_handler.ts'
    const source = await readFile(shop.path('modules/catalog', handler), 'utf8')
    await writeFile(shop.path('modules/catalog', handler), `${source}// Products start hidden.\n`)
    await addStockToProduct()

    const { findings } = await report('generated-files')
    const edited = findings.filter((finding) => finding.severity === 'warning')
    assert.deepEqual(edited, [
      {
        severity: 'warning',
        message: `modules/catalog/${handler} was edited by hand since it was generated: sync-entity Product skips it, so it does not follow changes to the Product definition`,
        fix: `keep the edit and bring the file up to date with the definition by hand, or drop the edit and regenerate it: node ace sync-entity Product --module Catalog --force (overwrites modules/catalog/${handler})`,
      },
    ])
    const stale = findings.filter((finding) => finding.severity === 'error')
    assert.lengthOf(stale, 1)
    assert.notInclude(stale[0].message, handler)

    await shop.run(SyncEntity, ['Product', '--module', 'Catalog'])
    const after = await report('generated-files')
    assert.deepEqual(after.findings, edited)
  })

  test('two endpoints with the same route', async ({ assert }) => {
    await shop.run(AddModule, ['Catalog'])
    const sample = shop.path('modules/catalog/api/get_catalog_sample_endpoint.ts')
    await cp(sample, shop.path('modules/catalog/api/get_catalog_sample_again_endpoint.ts'))
    const { exitCode, findings } = await report('routes')
    assert.equal(exitCode, 1)
    assert.lengthOf(findings, 1)
    assert.equal(findings[0].severity, 'error')
    assert.include(findings[0].message, 'declare the same route: the app refuses to boot')
    assert.include(findings[0].fix, 'get_catalog_sample_endpoint.ts')
  })

  test('two endpoints whose paths differ only in a parameter name: a warning', async ({
    assert,
  }) => {
    await shop.run(AddModule, ['Catalog'])
    const sample = await readFile(
      shop.path('modules/catalog/api/get_catalog_sample_endpoint.ts'),
      'utf8'
    )
    for (const [file, path] of [
      ['get_catalog_by_id_endpoint.ts', '/:id'],
      ['get_catalog_by_slug_endpoint.ts', '/:slug'],
    ]) {
      await writeFile(
        shop.path('modules/catalog/api', file),
        sample.replace("readonly path = '/sample'", `readonly path = '${path}'`)
      )
    }
    await shop.run(PantheonIndex, [])
    const { exitCode, findings } = await report('routes', '--strict')
    assert.equal(exitCode, 2)
    assert.deepEqual(findings, [
      {
        severity: 'warning',
        message:
          'GET /:id (modules/catalog/api/get_catalog_by_id_endpoint.ts) and GET /:slug (modules/catalog/api/get_catalog_by_slug_endpoint.ts) match the same requests: the first registered answers them all',
        fix: 'change the path (readonly path) or the method of one of them in modules/catalog/api/get_catalog_by_slug_endpoint.ts',
      },
    ])
  })

  test('a consumer of an event its module does not publish', async ({ assert }) => {
    await shop.run(AddModule, ['Catalog'])
    await shop.run(AddModule, ['Orders'])
    await shop.run(AddEvent, [
      'ProductCreated',
      '--module',
      'Catalog',
      '--properties',
      'Name:string',
    ])
    await shop.run(AddConsumer, ['ProductCreated', '--module', 'Orders', '--from', 'Catalog'])
    const registration = shop.path('modules/catalog/infrastructure/catalog_module.ts')
    const source = await readFile(registration, 'utf8')
    await writeFile(
      registration,
      source.replace(/readonly publishes = \[[^\]]*\]/, 'readonly publishes = []')
    )
    const { exitCode, findings } = await report('events', '--strict')
    assert.equal(exitCode, 2)
    assert.deepEqual(findings, [
      {
        severity: 'warning',
        message:
          'orders.ProductCreatedConsumer reads catalog.product_created version 1, which the catalog module does not list in its publishes: add the contract to its "readonly publishes = [...]"',
        fix: `add the contract to the catalog module's "readonly publishes = [...]"`,
      },
    ])
  })

  test('a consumer of a version its publisher does not publish is a problem', async ({
    assert,
  }) => {
    await shop.run(AddModule, ['Catalog'])
    await shop.run(AddModule, ['Orders'])
    await shop.run(AddEvent, [
      'ProductCreated',
      '--module',
      'Catalog',
      '--properties',
      'Name:string',
    ])
    await shop.run(AddConsumer, ['ProductCreated', '--module', 'Orders', '--from', 'Catalog'])
    const consumer = shop.path(
      'modules/orders/infrastructure/consumers/product_created_consumer.ts'
    )
    const source = await readFile(consumer, 'utf8')
    await writeFile(
      consumer,
      source.replace(
        /static readonly consumes = (\w+)/,
        'static readonly consumes = { ...$1, version: 2 }'
      )
    )
    const { exitCode, findings } = await report('events')
    assert.equal(exitCode, 1)
    assert.deepEqual(
      findings.map(({ severity, fix }) => ({ severity, fix })),
      [
        {
          severity: 'error',
          fix: "add catalog.product_created version 2 to the catalog module's publishes, or make orders.ProductCreatedConsumer read a published version (static consumes, static upcasters)",
        },
      ]
    )
    assert.include(
      findings[0].message,
      'orders.ProductCreatedConsumer reads catalog.product_created version 2, but the catalog module publishes only version 1'
    )
  })

  test('an event no consumer of the app reads is a warning', async ({ assert }) => {
    await shop.run(AddModule, ['Catalog'])
    await shop.run(AddEvent, [
      'ProductCreated',
      '--module',
      'Catalog',
      '--properties',
      'Name:string',
    ])
    const { exitCode, findings } = await report('events')
    assert.equal(exitCode, 0)
    assert.deepEqual(findings, [
      {
        severity: 'warning',
        message:
          'the catalog module publishes catalog.product_created, which no consumer of this app reads (fine if another service does)',
        fix: 'consume it in the module that needs it: node ace add-consumer <Event> --module <Module> --from <Publisher>',
      },
    ])
  })

  test("a broker's names in the default namespace are a warning; the app's own are clean", async ({
    assert,
  }) => {
    const messaging = app.config.get<Record<string, unknown>>('messaging')
    const onRedis = (prefix: string) =>
      app.config.set('messaging', {
        ...messaging,
        transport: 'redis',
        redis: { ...(messaging.redis as object), streamPrefix: prefix },
      })
    try {
      onRedis('pantheon:events:')
      const shared = await report('messaging', '--strict')
      assert.equal(shared.exitCode, 2)
      assert.deepEqual(shared.findings, [
        {
          severity: 'warning',
          message:
            'the redis broker\'s names use the default namespace "pantheon": two apps on one broker would read each other\'s events',
          fix: 'set MESSAGE_NAMESPACE=<this app> in .env (letters, digits, "-" and "_")',
        },
      ])
      onRedis('shop:events:')
      const own = await report('messaging', '--strict')
      assert.deepEqual(own.findings, [])
    } finally {
      app.config.set('messaging', messaging)
    }
  })

  test('an unreachable broker is a problem, with the fix', async ({ assert }) => {
    const messaging = app.config.get<Record<string, unknown>>('messaging')
    app.config.set('messaging', {
      ...messaging,
      transport: 'rabbitmq',
      rabbitmq: {
        ...(messaging.rabbitmq as object),
        url: 'amqp://guest:guest@127.0.0.1:9',
        exchange: 'shop.events',
      },
    })
    try {
      const { exitCode, findings } = await report('messaging')
      assert.equal(exitCode, 1)
      assert.lengthOf(findings, 1)
      assert.equal(findings[0].severity, 'error')
      assert.include(findings[0].message, 'the rabbitmq transport is unreachable')
      assert.equal(
        findings[0].fix,
        'start RabbitMQ, or correct RABBITMQ_URL (or MESSAGE_TRANSPORT) in .env'
      )
    } finally {
      app.config.set('messaging', messaging)
    }
  })
})
