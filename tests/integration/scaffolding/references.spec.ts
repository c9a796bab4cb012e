import { test } from '@japa/runner'
import { readFile, writeFile } from 'node:fs/promises'
import db from '@adonisjs/lucid/services/db'
import AddCommand from '#commands/add_command'
import AddCrud from '#commands/add_crud'
import AddEntity from '#commands/add_entity'
import AddEvent from '#commands/add_event'
import AddModule from '#commands/add_module'
import RemoveEntity from '#commands/remove_entity'
import SyncEntity from '#commands/sync_entity'
import { filesUnder, moduleMigrations, thrownBy } from '#tests/common/module_files'
import { scaffoldingApp, type ScaffoldingApp } from '#tests/common/scaffolding'

/*
 * References between the entities of one module (`Region:references(Region)`): the property,
 * its typed id, the repository's check, the foreign key and its index, the order tables are
 * created in, and every refusal. Account is named so that its definition file sorts before
 * Region's: the migration must still create regions first.
 */

let shop: ScaffoldingApp

const MODULE = 'RefShop'
const FOLDER = 'ref_shop'
const ACCOUNTS = 'ref_shop_accounts'
const REGIONS = 'ref_shop_regions'
const path = (file: string) => shop.path('modules', FOLDER, file)
const addMigration = (name: string) => moduleMigrations(shop, MODULE).add(name)
const migrate = (file: string, direction: 'up' | 'down') =>
  moduleMigrations(shop, MODULE).run(file, direction)
const read = (file: string) => readFile(path(file), 'utf8')

const addRegion = (properties = 'Name:string(40)') =>
  shop.run(AddEntity, ['Region', '--module', MODULE, '--aggregate', '--properties', properties])

const addAccount = (properties: string) =>
  shop.run(AddEntity, ['Account', '--module', MODULE, '--aggregate', '--properties', properties])

test.group('References: add-entity and add-migration', (group) => {
  group.tap((t) => t.tags(['@any-database']))
  group.each.setup(async () => {
    shop = await scaffoldingApp()
    await shop.run(AddModule, [MODULE])
    return () => shop.remove()
  })

  test('a reference is a regionId typed RegionId, checked by the repository, a foreign key with an index', async ({
    assert,
  }) => {
    await addRegion()
    const { exitCode, output } = await addAccount(
      'Name:string,Region:references(Region),BillingRegionId:references(Region)?'
    )
    assert.equal(exitCode, 0, output)

    const definition = await read('domain/account_definition.ts')
    assert.include(definition, "regionId: { type: 'reference', optional: false, entity: 'Region' }")
    // A name that says Id already keeps it.
    assert.include(
      definition,
      "billingRegionId: { type: 'reference', optional: true, entity: 'Region' }"
    )
    const entity = await read('domain/account.ts')
    assert.include(entity, "import type { RegionId } from './region_id.js'")
    assert.include(entity, 'readonly regionId: RegionId')
    assert.include(entity, 'readonly billingRegionId: RegionId | null')
    const repository = await read('infrastructure/persistence/lucid_account_repository.ts')
    assert.include(repository, `table: '${REGIONS}'`)
    assert.include(repository, "code: 'Account.RegionNotFound'")
    assert.include(repository, "code: 'Account.BillingRegionNotFound'")
    assert.include(repository, 'await assertReferencesExist(client, row, REFERENCES)')
    assert.include(repository, 'await assertReferencesExist(client, changes, REFERENCES)')
    // A region removed by another request after that check: the same answer.
    assert.include(repository, 'return referenceGone(error, REFERENCES) ?? error')
    assert.include(repository, 'throw refusal(error)')
    assert.include(repository, 'regionId: RegionId.parse(row.region_id)')

    const migration = await addMigration('Init')
    assert.equal(migration.exitCode, 0, migration.output)
    assert.include(
      migration.source,
      `table.uuid('region_id').notNullable().references('id').inTable('${REGIONS}')`
    )
    assert.include(
      migration.source,
      `table.uuid('billing_region_id').nullable().references('id').inTable('${REGIONS}')`
    )
    assert.include(migration.source, `table.index(['region_id'], '${ACCOUNTS}_region_id_index')`)
    const [up, down] = migration.source.split('async down()')
    assert.isBelow(up.indexOf(`createTable('${REGIONS}'`), up.indexOf(`createTable('${ACCOUNTS}'`))
    assert.isBelow(down.indexOf(`dropTable('${ACCOUNTS}'`), down.indexOf(`dropTable('${REGIONS}'`))
  })

  test('the migration runs: its foreign key refuses an id no row has and the removal of a row referred to', async ({
    assert,
    cleanup,
  }) => {
    await addRegion()
    await addAccount('Name:string,Region:references(Region)')
    const migration = await addMigration('Init')
    await db.connection().schema.dropTableIfExists(ACCOUNTS)
    await db.connection().schema.dropTableIfExists(REGIONS)
    cleanup(async () => {
      await db.connection().schema.dropTableIfExists(ACCOUNTS)
      await db.connection().schema.dropTableIfExists(REGIONS)
    })
    const region = '0190a5a8-0000-7000-8000-000000000001'
    const account = (id: string, regionId: string) => ({ id, name: 'Ada', region_id: regionId })

    await migrate(migration.file, 'up')
    await db.table(REGIONS).insert({ id: region, name: 'North' })
    await db.table(ACCOUNTS).insert(account('0190a5a8-0000-7000-8000-000000000002', region))
    const missing = '0190a5a8-0000-7000-8000-0000000000ff'
    assert.isDefined(
      await thrownBy(() =>
        db.table(ACCOUNTS).insert(account('0190a5a8-0000-7000-8000-000000000003', missing))
      )
    )
    assert.isDefined(await thrownBy(() => db.from(REGIONS).where('id', region).delete()))
    await db.from(ACCOUNTS).delete()
    await migrate(migration.file, 'down')
    assert.isFalse(await db.connection().schema.hasTable(REGIONS))
  })

  test('a required reference added to a table that may hold rows is refused; an optional one gets its key and index', async ({
    assert,
    cleanup,
  }) => {
    await addRegion()
    await addAccount('Name:string')
    const first = await addMigration('Init')
    assert.equal(first.exitCode, 0, first.output)
    const definitionFile = path('domain/account_definition.ts')
    const definition = await readFile(definitionFile, 'utf8')
    const withReference = (optional: boolean) =>
      definition.replace(
        "name: { type: 'string', optional: false },",
        `name: { type: 'string', optional: false },\n    regionId: { type: 'reference', optional: ${optional}, entity: 'Region' },`
      )

    await writeFile(definitionFile, withReference(false))
    const before = await filesUnder(path('infrastructure/database'))
    const refused = await addMigration('AddAccountRegion')
    assert.equal(refused.exitCode, 1)
    assert.include(
      refused.output,
      'A required reference to Region cannot be given to rows that exist'
    )
    assert.include(refused.output, 'Add it optional (references(Region)?)')
    assert.deepEqual(await filesUnder(path('infrastructure/database')), before)

    await writeFile(definitionFile, withReference(true))
    const added = await addMigration('AddAccountRegion')
    assert.equal(added.exitCode, 0, added.output)
    assert.include(
      added.source,
      `table.uuid('region_id').nullable().references('id').inTable('${REGIONS}')`
    )
    assert.include(added.source, `table.index(['region_id'], '${ACCOUNTS}_region_id_index')`)

    // Both run, on a table that holds a row: the row keeps no region, and one is refused.
    await db.connection().schema.dropTableIfExists(ACCOUNTS)
    await db.connection().schema.dropTableIfExists(REGIONS)
    cleanup(async () => {
      await db.connection().schema.dropTableIfExists(ACCOUNTS)
      await db.connection().schema.dropTableIfExists(REGIONS)
    })
    await migrate(first.file, 'up')
    const id = '0190a5a8-0000-7000-8000-000000000002'
    await db.table(ACCOUNTS).insert({ id, name: 'Ada' })
    await migrate(added.file, 'up')
    const [row] = await db.from(ACCOUNTS).where('id', id)
    assert.isNull(row.region_id)
    const missing = '0190a5a8-0000-7000-8000-0000000000ff'
    assert.isDefined(
      await thrownBy(() => db.from(ACCOUNTS).where('id', id).update({ region_id: missing }))
    )
    await migrate(added.file, 'down')
    await db.from(ACCOUNTS).delete()
    await migrate(first.file, 'down')
  })

  test('refuses {properties}: {message}')
    .with([
      {
        properties: 'Region:references(Account)',
        message: 'Account cannot refer to itself',
      },
      {
        properties: 'Region:references(Country)',
        message:
          'There is no entity Country in the RefShop module to refer to (regionId of Account); its entities: Region',
      },
      {
        properties: 'Region:references(region)',
        message: 'A reference names the entity it refers to in PascalCase',
      },
      {
        properties: 'Region:references',
        message: 'A reference names the entity it refers to in PascalCase',
      },
    ])
    .run(async ({ assert }, { properties, message }) => {
      await addRegion()
      const before = await filesUnder(shop.path('modules', FOLDER))
      const { exitCode, output } = await addAccount(properties)
      assert.equal(exitCode, 1)
      assert.include(output, message)
      assert.deepEqual(await filesUnder(shop.path('modules', FOLDER)), before)
    })

  test("refuses a reference to another module's entity, pointing to read models and events", async ({
    assert,
  }) => {
    await shop.run(AddModule, ['Geo'])
    await shop.run(AddEntity, ['Country', '--module', 'Geo', '--properties', 'Name:string'])
    const { exitCode, output } = await addAccount('Country:references(Country)')
    assert.equal(exitCode, 1)
    assert.include(
      output,
      'Country belongs to the Geo module; a reference (countryId of Account) is a foreign key, and modules never share tables'
    )
    assert.include(output, 'Keep a read model of Country in RefShop, fed by its events')
    assert.include(output, 'CountryId:uuid')
  })

  test("a command's field and an event's property cannot be references", async ({ assert }) => {
    await addRegion()
    const command = await shop.run(AddCommand, [
      'MoveAccount',
      '--module',
      MODULE,
      '--result-type',
      'void',
      '--fields',
      'Region:references(Region)',
    ])
    assert.equal(command.exitCode, 1)
    assert.include(command.output, "A command's field cannot be a reference")
    const event = await shop.run(AddEvent, [
      'AccountMoved',
      '--module',
      MODULE,
      '--properties',
      'Region:references(Region)',
    ])
    assert.equal(event.exitCode, 1)
    assert.include(event.output, "An event's property cannot be a reference")
  })

  test('a definition edited to refer to an entity the module lacks is refused by the commands that read it', async ({
    assert,
  }) => {
    await addRegion()
    await addAccount('Name:string')
    const definitionFile = path('domain/account_definition.ts')
    const definition = await readFile(definitionFile, 'utf8')
    await writeFile(
      definitionFile,
      definition.replace(
        "name: { type: 'string', optional: false },",
        "name: { type: 'string', optional: false },\n    ownerId: { type: 'reference', optional: false, entity: 'Owner' },"
      )
    )
    const synced = await shop.run(SyncEntity, ['Account', '--module', MODULE])
    assert.equal(synced.exitCode, 1)
    assert.include(synced.output, 'There is no entity Owner in the RefShop module to refer to')
    const migration = await addMigration('Init')
    assert.equal(migration.exitCode, 1)
    assert.include(migration.output, 'There is no entity Owner')
  })

  test('remove-entity refuses to remove an entity another one refers to, naming it', async ({
    assert,
  }) => {
    await addRegion()
    await addAccount('Name:string,Region:references(Region)')
    const { exitCode, output } = await shop.run(RemoveEntity, ['Region', '--module', MODULE])
    assert.equal(exitCode, 1)
    assert.include(output, 'account.ts')
  })

  test("the tests' second referenced row holds none of an optional unique key that has no other value", async ({
    assert,
  }) => {
    await addRegion('Name:string(40),Primary:enum(yes)?:unique')
    await addAccount('Region:references(Region)')
    const crud = await shop.run(AddCrud, ['Account', '--module', MODULE])
    assert.equal(crud.exitCode, 0, crud.output)
    // Both rows holding 'yes', the second was refused by the key and every test failed.
    const spec = await read('tests/integration/create_account_endpoint.spec.ts')
    assert.deepEqual(spec.match(/primary: .*,/g), ["primary: 'yes',", 'primary: null,'])
  })

  test('the events of an entity carry a reference as the uuid it holds', async ({ assert }) => {
    await addRegion()
    await addAccount('Name:string,Region:references(Region)')
    const { exitCode, output } = await shop.run(AddEvent, [
      'AccountCreated',
      '--module',
      MODULE,
      '--from',
      'AccountCreated',
    ])
    assert.equal(exitCode, 0, output)
    const contract = await read('integration/account_created.ts')
    assert.include(contract, '@pantheonProperties Id:uuid,Version:int,Name:string,RegionId:uuid')
  })
})
