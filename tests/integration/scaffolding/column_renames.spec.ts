import { test } from '@japa/runner'
import { readdir, readFile, writeFile } from 'node:fs/promises'
import db from '@adonisjs/lucid/services/db'
import AddEntity from '#commands/add_entity'
import AddMigration from '#commands/add_migration'
import AddModule from '#commands/add_module'
import { runMigrationFile } from '#tests/common/module_files'
import { scaffoldingApp, type ScaffoldingApp } from '#tests/common/scaffolding'

/** The app made by `init` in a temp folder that the running test scaffolds in. */
let shop: ScaffoldingApp

const MODULE = 'RenameShop'
const FOLDER = 'rename_shop'
const TABLE = 'rename_shop_customers'
const path = (file: string) => shop.path('modules', FOLDER, file)

async function addMigration(name: string, ...flags: string[]) {
  const { exitCode, output } = await shop.run(AddMigration, [name, '--module', MODULE, ...flags])
  const files = await migrationFiles()
  return { exitCode, output, file: files.at(-1)! }
}

async function migrationFiles(): Promise<string[]> {
  const files = await readdir(path('infrastructure/database/migrations'))
  return files.sort()
}

/** The definition with Name renamed Title and Email renamed Contact, nothing else changed. */
async function renameInDefinition() {
  const file = path('domain/customer_definition.ts')
  const source = await readFile(file, 'utf8')
  await writeFile(
    file,
    source.replace('name: { type', 'title: { type').replace('email: { type', 'contact: { type')
  )
}

/** The definition with Name renamed Title, the rename noted from `formerName`. */
async function noteRename(formerName: string) {
  const file = path('domain/customer_definition.ts')
  const source = await readFile(file, 'utf8')
  await writeFile(
    file,
    source.replace(/name: \{ type: '([a-z]+)'/, `title: { renamedFrom: '${formerName}', type: '$1'`)
  )
}

/** Runs a generated migration's up() or down() against the test database. */
const migrate = (file: string, direction: 'up' | 'down') =>
  runMigrationFile(path(`infrastructure/database/migrations/${file}`), direction)

async function refuses(write: () => Promise<unknown>): Promise<boolean> {
  try {
    await write()
    return false
  } catch {
    return true
  }
}

test.group('Renaming a property: add-migration --rename', (group) => {
  group.each.setup(async () => {
    shop = await scaffoldingApp()
    await shop.run(AddModule, [MODULE])
    await shop.run(AddEntity, [
      'Customer',
      '--module',
      MODULE,
      '--properties',
      'Email:string(120):unique,Name:string,Age:int?',
    ])
    return () => shop.remove()
  })

  test('the columns keep their values and the unique index its meaning, up and down', async ({
    assert,
    cleanup,
  }) => {
    const created = await addMigration('AddCustomers')
    await renameInDefinition()
    const renamed = await addMigration(
      'RenameCustomerFields',
      '--rename',
      'Customer.Name:Title',
      '--rename',
      'Email:Contact'
    )
    assert.equal(renamed.exitCode, 0, renamed.output)
    assert.include(renamed.output, `${TABLE}.name is renamed title: its values are kept`)
    const source = await readFile(
      path(`infrastructure/database/migrations/${renamed.file}`),
      'utf8'
    )
    assert.notInclude(source, 'dropColumn')

    await db.connection().schema.dropTableIfExists(TABLE)
    cleanup(() => db.connection().schema.dropTableIfExists(TABLE))
    await migrate(created.file, 'up')
    const ids = [1, 2].map((n) => `0190a5a8-0000-7000-8000-00000000000${n}`)
    await db.table(TABLE).insert({ id: ids[0], email: 'ada@example.com', name: 'Ada', age: 36 })

    await migrate(renamed.file, 'up')
    assert.deepEqual(await db.from(TABLE).select('title', 'contact', 'age'), [
      { title: 'Ada', contact: 'ada@example.com', age: 36 },
    ])
    // The key is still one, under the index name the regenerated repository looks for.
    assert.isTrue(
      await refuses(() =>
        db.table(TABLE).insert({ id: ids[1], contact: 'ada@example.com', title: 'Bob' })
      )
    )
    const indexes = await indexNames()
    assert.include(indexes, `${TABLE}_contact_unique`)
    assert.notInclude(indexes, `${TABLE}_email_unique`)

    await migrate(renamed.file, 'down')
    assert.deepEqual(await db.from(TABLE).select('name', 'email', 'age'), [
      { name: 'Ada', email: 'ada@example.com', age: 36 },
    ])
    assert.include(await indexNames(), `${TABLE}_email_unique`)
  })

  test('without --rename, a drop beside an add of the same type says how to keep the values', async ({
    assert,
  }) => {
    await addMigration('AddCustomers')
    await renameInDefinition()
    const { exitCode, output } = await addMigration('ChangeCustomers')
    assert.equal(exitCode, 0, output)
    assert.include(output, `${TABLE}.name is dropped and title added: every value of name is lost`)
    assert.include(output, '--rename Customer.Name:Title')
  })

  test('a rename noted in the definition (renamedFrom) keeps the values without --rename', async ({
    assert,
  }) => {
    await addMigration('AddCustomers')
    await noteRename('name')
    const renamed = await addMigration('RenameCustomerName')
    assert.equal(renamed.exitCode, 0, renamed.output)
    assert.include(renamed.output, `${TABLE}.name is renamed title: its values are kept`)
    const migration = await readFile(
      path(`infrastructure/database/migrations/${renamed.file}`),
      'utf8'
    )
    assert.include(migration, "table.renameColumn('name', 'title')")
    assert.notInclude(migration, 'dropColumn')

    // Migrated: the note stays in the definition and asks nothing more.
    const again = await addMigration('Again')
    assert.equal(again.exitCode, 0, again.output)
    assert.deepEqual(again.file, renamed.file)
  })

  test('a rename noted from a property the table never had is refused, nothing written', async ({
    assert,
  }) => {
    await addMigration('AddCustomers')
    await noteRename('nmae')
    const before = await migrationFiles()
    const { exitCode, output } = await shop.run(AddMigration, ['Rename', '--module', MODULE])
    assert.equal(exitCode, 1)
    assert.include(output, 'notes that Title was renamed from Nmae')
    assert.include(output, 'has no column nmae')
    assert.deepEqual(await migrationFiles(), before)
  })

  test('refuses --rename {value}: {message}')
    .with([
      { value: 'Customer.Nope:Title', message: /no table of the module loses the column nope/ },
      { value: 'Name', message: /--rename Name is not a rename/ },
      { value: 'Order.Name:Title', message: /no table of the module loses the column name/ },
    ])
    .run(async ({ assert }, { value, message }) => {
      await addMigration('AddCustomers')
      await renameInDefinition()
      const before = await migrationFiles()
      const { exitCode, output } = await shop.run(AddMigration, [
        'Rename',
        '--module',
        MODULE,
        '--rename',
        value,
      ])
      assert.equal(exitCode, 1)
      assert.match(output, message)
      assert.deepEqual(await migrationFiles(), before)
    })
})

/** The names of the indexes on the table, on SQLite or PostgreSQL. */
async function indexNames(): Promise<string[]> {
  const connection = db.connection()
  if (connection.dialect.name === 'postgres') {
    const { rows } = await connection.rawQuery(
      'SELECT indexname FROM pg_indexes WHERE tablename = ?',
      [TABLE]
    )
    return (rows as { indexname: string }[]).map((row) => row.indexname)
  }
  const rows = (await connection.rawQuery(
    "SELECT name FROM sqlite_master WHERE type = 'index' AND tbl_name = ?",
    [TABLE]
  )) as { name: string }[]
  return rows.map((row) => row.name)
}
