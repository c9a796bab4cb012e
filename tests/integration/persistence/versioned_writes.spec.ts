import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import {
  ConcurrentUpdate,
  removeVersioned,
  saveVersioned,
  translateConcurrentUpdate,
} from '@pantheon/kit/persistence'

/** A table of this spec's, with the version column add-migration gives every entity. */
const TABLE = 'versioned_write_probes'
const ID = '0190a5a8-0000-7000-8000-0000000000aa'

async function stored(): Promise<{ name: string; version: number } | undefined> {
  const row = await db.from(TABLE).where('id', ID).first()
  return row ? { name: row.name, version: Number(row.version) } : undefined
}

test.group('Versioned writes', (group) => {
  group.setup(async () => {
    await db.connection().schema.dropTableIfExists(TABLE)
    await db.connection().schema.createTable(TABLE, (table) => {
      table.uuid('id').primary()
      table.integer('version').notNullable().defaultTo(1)
      table.string('name').notNullable()
    })
    return () => db.connection().schema.dropTableIfExists(TABLE)
  })
  group.each.setup(async () => {
    await db.from(TABLE).delete()
    await db.table(TABLE).insert({ id: ID, version: 1, name: 'first' })
  })

  test('a save from the stored version writes and moves the row to the next version', async ({
    assert,
  }) => {
    const row = { table: TABLE, entity: 'Probe', id: ID, version: 1 }
    assert.isTrue(await saveVersioned(db.connection(), row, { name: 'second' }))
    assert.deepEqual(await stored(), { name: 'second', version: 2 })
  })

  test('a save from an older version throws ConcurrentUpdate and writes nothing', async ({
    assert,
  }) => {
    const first = { table: TABLE, entity: 'Probe', id: ID, version: 1 }
    await saveVersioned(db.connection(), first, { name: 'second' })

    const error = await saveVersioned(db.connection(), first, { name: 'lost' }).catch((e) => e)

    assert.instanceOf(error, ConcurrentUpdate)
    assert.deepEqual(await stored(), { name: 'second', version: 2 })
    const answer = translateConcurrentUpdate(error)
    assert.equal(answer?.kind, 'conflict')
    assert.equal(answer?.code, 'Probe.ConcurrentUpdate')
    assert.include(answer?.message, 'read it again and reapply the change')
  })

  test('a save of a row that is gone answers false', async ({ assert }) => {
    await db.from(TABLE).delete()
    const row = { table: TABLE, entity: 'Probe', id: ID, version: 1 }
    assert.isFalse(await saveVersioned(db.connection(), row, { name: 'second' }))
  })

  test('of two saves racing from the same version, exactly one is written', async ({ assert }) => {
    const row = { table: TABLE, entity: 'Probe', id: ID, version: 1 }
    const outcomes = await Promise.allSettled([
      db.transaction((trx) => saveVersioned(trx, row, { name: 'left' })),
      db.transaction((trx) => saveVersioned(trx, row, { name: 'right' })),
    ])

    assert.deepEqual(outcomes.map((outcome) => outcome.status).sort(), ['fulfilled', 'rejected'])
    const lost = outcomes.find((outcome) => outcome.status === 'rejected')
    assert.instanceOf((lost as PromiseRejectedResult).reason, ConcurrentUpdate)
    const kept = await stored()
    assert.equal(kept?.version, 2)
    assert.oneOf(kept?.name, ['left', 'right'])
  })

  test('a remove with a version removes only while that version is stored', async ({ assert }) => {
    const stale = { table: TABLE, entity: 'Probe', id: ID, version: 2 }
    const error = await removeVersioned(db.connection(), stale).catch((e) => e)
    assert.instanceOf(error, ConcurrentUpdate)
    assert.isDefined(await stored())

    assert.isTrue(await removeVersioned(db.connection(), { ...stale, version: 1 }))
    assert.isUndefined(await stored())
    assert.isFalse(await removeVersioned(db.connection(), { ...stale, version: 1 }))
  })

  test('a remove without a version removes whatever version is stored', async ({ assert }) => {
    await saveVersioned(db.connection(), { table: TABLE, entity: 'Probe', id: ID, version: 1 }, {})
    assert.isTrue(await removeVersioned(db.connection(), { table: TABLE, entity: 'Probe', id: ID }))
    assert.isUndefined(await stored())
  })
})
