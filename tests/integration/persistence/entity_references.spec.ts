import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import {
  ReferenceNotFound,
  referenceGone,
  StillReferenced,
  translateReferenceErrors,
} from '#kit/building_blocks/infrastructure/persistence/entity_references'
import { translateConstraintViolation } from '#kit/building_blocks/infrastructure/persistence/constraint_violation'
import { assertReferencesExist, removeVersioned } from '@pantheon/kit/persistence'
import { emptyTables } from '@pantheon/kit/testing'
import { thrownBy } from '#tests/common/module_files'

/*
 * The kit's side of references between entities, on the test database (SQLite, or PostgreSQL
 * with DB_CONNECTION=pg): the check a generated repository makes before a write, the removal a
 * foreign key refuses, and the emptying of tables that generated tests start from.
 */

const REGIONS = 'references_probe_regions'
const ACCOUNTS = 'references_probe_accounts'
/** Refers to the accounts, so a chain: notes → accounts → regions. */
const NOTES = 'references_probe_notes'
const REGION = '0190a5a8-0000-7000-8000-000000000001'
const ACCOUNT = '0190a5a8-0000-7000-8000-000000000002'
const MISSING = '0190a5a8-0000-7000-8000-0000000000ff'

const REFERENCES = [
  {
    column: 'region_id',
    field: 'regionId',
    table: REGIONS,
    code: 'Account.RegionNotFound',
    message: 'No Region has this regionId',
  },
]

/** The three tables, a row in each: a note of an account of a region. */
async function createTables() {
  const schema = db.connection().schema
  for (const table of [NOTES, ACCOUNTS, REGIONS]) await schema.dropTableIfExists(table)
  await schema.createTable(REGIONS, (table) => {
    table.uuid('id').primary()
    table.integer('version').notNullable().defaultTo(1)
  })
  await schema.createTable(ACCOUNTS, (table) => {
    table.uuid('id').primary()
    table.integer('version').notNullable().defaultTo(1)
    table.uuid('region_id').nullable().references('id').inTable(REGIONS)
  })
  await schema.createTable(NOTES, (table) => {
    table.increments('id')
    table.uuid('account_id').notNullable().references('id').inTable(ACCOUNTS)
  })
  await db.table(REGIONS).insert({ id: REGION })
  await db.table(ACCOUNTS).insert({ id: ACCOUNT, region_id: REGION })
  await db.table(NOTES).insert({ account_id: ACCOUNT })
  return async () => {
    for (const table of [NOTES, ACCOUNTS, REGIONS]) await schema.dropTableIfExists(table)
  }
}

test.group('References between tables', (group) => {
  group.tap((t) => t.tags(['@any-database']))
  group.each.setup(createTables)

  test('a row naming a stored region passes the check; one naming none, or none at all, as told', async ({
    assert,
  }) => {
    const client = db.connection()
    await assertReferencesExist(client, { region_id: REGION }, REFERENCES)
    await assertReferencesExist(client, { region_id: null }, REFERENCES)
    const error = await thrownBy(() =>
      assertReferencesExist(client, { region_id: MISSING }, REFERENCES)
    )
    assert.instanceOf(error, ReferenceNotFound)
    const answer = translateReferenceErrors(error)
    assert.equal(answer?.kind, 'validation')
    assert.equal(answer?.code, 'Account.RegionNotFound')
    assert.deepEqual(answer?.fieldErrors, [
      { field: 'regionId', code: 'Account.RegionNotFound', message: 'No Region has this regionId' },
    ])
  })

  test('removing a row another refers to is refused as StillReferenced (409), and the row stays', async ({
    assert,
  }) => {
    const row = { table: REGIONS, entity: 'Region', id: REGION, version: 1 }
    const error = await thrownBy(() => removeVersioned(db.connection(), row))
    assert.instanceOf(error, StillReferenced)
    const answer = translateReferenceErrors(error)
    assert.equal(answer?.kind, 'conflict')
    assert.equal(answer?.code, 'Region.StillReferenced')
    // Its cause is the foreign key's error, which the constraint translator does not read
    // through: whichever translator runs first, the answer names the entity.
    assert.isUndefined(translateConstraintViolation(error))
    assert.lengthOf(await db.from(REGIONS).where('id', REGION), 1)
  })

  test('emptyTables empties the tables and, first, every table that refers to them', async ({
    assert,
  }) => {
    await emptyTables(REGIONS)
    for (const table of [NOTES, ACCOUNTS, REGIONS]) {
      assert.lengthOf(await db.from(table), 0, table)
    }
  })

  test('emptyTables leaves alone the tables a table refers to', async ({ assert }) => {
    await emptyTables(NOTES)
    assert.lengthOf(await db.from(NOTES), 0)
    assert.lengthOf(await db.from(ACCOUNTS), 1)
    assert.lengthOf(await db.from(REGIONS), 1)
  })
})

/*
 * Not tagged @any-database: the answer differs by database, so both passes run it. PostgreSQL
 * names the column of the foreign key it refused; SQLite names none, and there one writer at a
 * time means no other request can remove the row between the check and the write.
 */
test.group('A referenced row removed between the check and the write', (group) => {
  group.each.setup(createTables)

  test('is refused as the check refuses it on PostgreSQL, and left to the foreign key on SQLite', async ({
    assert,
  }) => {
    const written = { id: '0190a5a8-0000-7000-8000-000000000003', region_id: MISSING }
    const error = await thrownBy(() => db.table(ACCOUNTS).insert(written))
    assert.exists(error, 'the foreign key refused the write')
    const gone = referenceGone(error, REFERENCES)
    if (db.connection().dialect.name !== 'postgres') {
      assert.isUndefined(gone)
      assert.equal(translateConstraintViolation(error)?.code, 'Database.ForeignKeyViolation')
      return
    }
    assert.instanceOf(gone, ReferenceNotFound)
    assert.deepEqual(translateReferenceErrors(gone)?.fieldErrors, [
      { field: 'regionId', code: 'Account.RegionNotFound', message: 'No Region has this regionId' },
    ])
  })

  test('a removal refused by a foreign key is not taken for a missing reference', async ({
    assert,
  }) => {
    const error = await thrownBy(() => db.from(REGIONS).where('id', REGION).delete())
    assert.exists(error, 'the foreign key refused the removal')
    assert.isUndefined(referenceGone(error, [{ ...REFERENCES[0], column: 'id' }]))
  })
})
