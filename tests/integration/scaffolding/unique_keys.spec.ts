import { test } from '@japa/runner'
import { readdir, readFile, writeFile } from 'node:fs/promises'
import db from '@adonisjs/lucid/services/db'
import AddCommand from '#commands/add_command'
import AddEndpoint from '#commands/add_endpoint'
import AddEntity from '#commands/add_entity'
import AddMigration from '#commands/add_migration'
import AddModule from '#commands/add_module'
import SyncEntity from '#commands/sync_entity'
import { runMigrationFile } from '#tests/common/module_files'
import { scaffoldingApp, type ScaffoldingApp } from '#tests/common/scaffolding'

/** The app made by `init` in a temp folder that the running test scaffolds in. */
let shop: ScaffoldingApp

const MODULE = 'KeyShop'
const FOLDER = 'key_shop'
const TABLE = 'key_shop_customers'
const PROPERTIES = 'Email:string(120):unique,Code:string:unique,Ref:string(20)?:unique,Name:string'
const path = (file: string) => shop.path('modules', FOLDER, file)
const read = (file: string) => readFile(path(file), 'utf8')

async function migrationFiles(): Promise<string[]> {
  const folder = path('infrastructure/database/migrations')
  const files = await readdir(folder)
  return files.filter((file) => file.endsWith('.ts')).sort()
}

async function addMigration(name: string) {
  const { exitCode, output } = await shop.run(AddMigration, [name, '--module', MODULE])
  const files = await migrationFiles()
  const file = files.at(-1)!
  return {
    exitCode,
    output,
    file,
    source: await read(`infrastructure/database/migrations/${file}`),
  }
}

/** Runs a generated migration's up() or down() against the test database. */
const migrate = (file: string, direction: 'up' | 'down') =>
  runMigrationFile(path(`infrastructure/database/migrations/${file}`), direction)

async function thrownBy(write: () => Promise<unknown>): Promise<unknown> {
  try {
    await write()
  } catch (error) {
    return error
  }
  return undefined
}

test.group('Unique keys: add-entity and add-migration', (group) => {
  group.tap((t) => t.tags(['@any-database']))
  group.each.setup(async () => {
    shop = await scaffoldingApp()
    await shop.run(AddModule, [MODULE])
    return () => shop.remove()
  })

  test('the definition and the repository carry each key, and the migration indexes it', async ({
    assert,
  }) => {
    const { exitCode } = await shop.run(AddEntity, [
      'Customer',
      '--module',
      MODULE,
      '--aggregate',
      '--properties',
      PROPERTIES,
    ])
    assert.equal(exitCode, 0)

    const definition = await read('domain/customer_definition.ts')
    assert.include(
      definition,
      "email: { type: 'string', optional: false, length: 120, unique: true }"
    )
    assert.include(definition, "ref: { type: 'string', optional: true, length: 20, unique: true }")
    assert.include(definition, "name: { type: 'string', optional: false }")
    const repository = await read('infrastructure/persistence/lucid_customer_repository.ts')
    assert.include(repository, `index: '${TABLE}_email_unique'`)
    assert.include(repository, "code: 'Customer.EmailTaken'")
    assert.include(repository, "message: 'A Customer with this email exists already'")
    assert.include(repository, "code: 'Customer.RefTaken'")
    assert.notInclude(repository, 'Customer.NameTaken')
    assert.include(
      repository,
      'return uniqueKeyTaken(error, CUSTOMERS_TABLE, UNIQUE_KEYS) ?? error'
    )
    assert.include(repository, 'throw refusal(error)')

    const migration = await addMigration('AddCustomers')
    assert.equal(migration.exitCode, 0, migration.output)
    for (const column of ['email', 'code', 'ref']) {
      assert.include(
        migration.source,
        `table.unique(['${column}'], { indexName: '${TABLE}_${column}_unique' })`
      )
    }
    assert.notInclude(migration.source, "table.unique(['name']")
    const snapshot = JSON.parse(await read('infrastructure/database/schema_snapshot.json'))
    assert.deepInclude(snapshot.tables[TABLE].columns.email, { length: 120, unique: true })
    assert.notProperty(snapshot.tables[TABLE].columns.name, 'unique')
  })

  test('adding and removing :unique on a property writes a migration that adds and drops its index', async ({
    assert,
  }) => {
    await shop.run(AddEntity, ['Customer', '--module', MODULE, '--properties', PROPERTIES])
    await addMigration('AddCustomers')
    const definitionFile = path('domain/customer_definition.ts')
    const definition = await readFile(definitionFile, 'utf8')
    await writeFile(
      definitionFile,
      definition
        .replace('length: 120, unique: true', 'length: 120')
        .replace(
          "name: { type: 'string', optional: false }",
          "name: { type: 'string', optional: false, unique: true }"
        )
    )

    const migration = await addMigration('ChangeCustomerKeys')

    assert.equal(migration.exitCode, 0, migration.output)
    const [up, down] = migration.source.split('async down()')
    assert.include(up, `table.dropUnique(['email'], '${TABLE}_email_unique')`)
    assert.include(up, `table.unique(['name'], { indexName: '${TABLE}_name_unique' })`)
    assert.include(down, `table.unique(['email'], { indexName: '${TABLE}_email_unique' })`)
    assert.include(down, `table.dropUnique(['name'], '${TABLE}_name_unique')`)
    assert.notInclude(migration.source, '.alter(')
    assert.include(migration.output, `${TABLE}.name is a unique key`)
    const snapshot = JSON.parse(await read('infrastructure/database/schema_snapshot.json'))
    assert.notProperty(snapshot.tables[TABLE].columns.email, 'unique')
    assert.isTrue(snapshot.tables[TABLE].columns.name.unique)

    const synced = await shop.run(SyncEntity, ['Customer', '--module', MODULE])
    assert.equal(synced.exitCode, 0, synced.output)
    const repository = await read('infrastructure/persistence/lucid_customer_repository.ts')
    assert.include(repository, "code: 'Customer.NameTaken'")
    assert.notInclude(repository, 'Customer.EmailTaken')
  })

  test('a definition edited by hand to make a json property unique is refused by add-migration', async ({
    assert,
  }) => {
    await shop.run(AddEntity, [
      'Customer',
      '--module',
      MODULE,
      '--properties',
      'Name:string,Data:json',
    ])
    const definitionFile = path('domain/customer_definition.ts')
    const definition = await readFile(definitionFile, 'utf8')
    await writeFile(
      definitionFile,
      definition.replace(
        "data: { type: 'json', optional: false }",
        "data: { type: 'json', optional: false, unique: true }"
      )
    )

    const { exitCode, output } = await shop.run(AddMigration, ['AddCustomers', '--module', MODULE])

    assert.equal(exitCode, 1)
    assert.match(
      output,
      /A json property cannot be a unique key \(data in domain\/customer_definition.ts\)/
    )
    assert.deepEqual(await migrationFiles(), [])
  })

  test('refuses {entry}: {message}')
    .with([
      {
        entry: 'Notes:text:unique',
        message: /A text property cannot be a unique key .*string\(n\)/,
      },
      { entry: 'Data:json?:unique', message: /A json property cannot be a unique key/ },
      { entry: 'Email:string:primary', message: /":primary" is not a property modifier/ },
      { entry: 'Email:string:unique:unique', message: /A modifier is written twice/ },
      { entry: 'Ref:string:unique?', message: /"\?" comes before the modifiers/ },
    ])
    .run(async ({ assert }, { entry, message }) => {
      const { exitCode, output } = await shop.run(AddEntity, [
        'Customer',
        '--module',
        MODULE,
        '--properties',
        `Name:string,${entry}`,
      ])
      assert.equal(exitCode, 1)
      assert.match(output, message)
    })
})

test.group('Unique keys: endpoints', (group) => {
  group.tap((t) => t.tags(['@any-database']))
  group.each.setup(async () => {
    shop = await scaffoldingApp()
    await shop.run(AddModule, [MODULE])
    return () => shop.remove()
  })

  test('the create and update endpoints of an entity with a unique key declare 409', async ({
    assert,
  }) => {
    await shop.run(AddEntity, ['Customer', '--module', MODULE, '--properties', PROPERTIES])
    for (const [name, method, route, result] of [
      ['CreateCustomer', 'POST', '/', 'CustomerId'],
      ['UpdateCustomer', 'PUT', '/:id', 'void'],
    ]) {
      await shop.run(AddCommand, [name, '--module', MODULE, '--result-type', result])
      const endpoint = await shop.run(AddEndpoint, [
        name,
        '--module',
        MODULE,
        '--method',
        method,
        '--route',
        route,
        '--command',
        name,
      ])
      assert.equal(endpoint.exitCode, 0, endpoint.output)
    }
    assert.include(await read('api/create_customer_endpoint.ts'), 'problems: [409]')
    assert.include(await read('api/update_customer_endpoint.ts'), 'problems: [404, 409]')
  })

  test("a command's field takes no :unique", async ({ assert }) => {
    const { exitCode, output } = await shop.run(AddCommand, [
      'Register',
      '--module',
      MODULE,
      '--result-type',
      'void',
      '--fields',
      'Email:string:unique',
    ])
    assert.equal(exitCode, 1)
    assert.match(output, /A command's field takes no modifier/)
  })
})

/** Runs the generated migrations on the test database: SQLite, or PostgreSQL with DB_CONNECTION=pg. */
test.group('Unique keys: the migrations on the database', (group) => {
  group.each.setup(async () => {
    shop = await scaffoldingApp()
    await shop.run(AddModule, [MODULE])
    return () => shop.remove()
  })

  test('the migrations run: the index refuses a second value, leaves NULLs alone, and goes', async ({
    assert,
    cleanup,
  }) => {
    await shop.run(AddEntity, ['Customer', '--module', MODULE, '--properties', PROPERTIES])
    const created = await addMigration('AddCustomers')
    const definitionFile = path('domain/customer_definition.ts')
    const definition = await readFile(definitionFile, 'utf8')
    await writeFile(definitionFile, definition.replace('length: 120, unique: true', 'length: 120'))
    const changed = await addMigration('DropEmailKey')
    await db.connection().schema.dropTableIfExists(TABLE)
    cleanup(() => db.connection().schema.dropTableIfExists(TABLE))
    const row = (id: string, email: string, code: string, ref: string | null) => ({
      id,
      email,
      code,
      ref,
      name: 'Ada',
    })
    const ids = [1, 2, 3].map((n) => `0190a5a8-0000-7000-8000-00000000000${n}`)

    await migrate(created.file, 'up')
    // Two rows without a ref: an optional key is unique where present, on both databases.
    await db.table(TABLE).insert(row(ids[0], 'ada@example.com', 'A', null))
    await db.table(TABLE).insert(row(ids[1], 'bob@example.com', 'B', null))
    assert.isDefined(
      await thrownBy(() => db.table(TABLE).insert(row(ids[2], 'ada@example.com', 'C', null)))
    )

    await migrate(changed.file, 'up')
    await db.from(TABLE).where('id', ids[1]).update({ email: 'ada@example.com' })
    assert.lengthOf(await db.from(TABLE).where('email', 'ada@example.com'), 2)
    await db.from(TABLE).where('id', ids[1]).update({ email: 'bob@example.com' })

    await migrate(changed.file, 'down')
    assert.isDefined(
      await thrownBy(() => db.from(TABLE).where('id', ids[1]).update({ email: 'ada@example.com' }))
    )
    await migrate(created.file, 'down')
  })
})
