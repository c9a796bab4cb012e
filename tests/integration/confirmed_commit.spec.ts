import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import { success } from '@pantheon/kit/application'
import {
  commitConfirmed,
  inConfirmedTransaction,
  LucidUnitOfWork,
  translateDatabaseUnavailable,
} from '@pantheon/kit/persistence'

/*
 * A COMMIT whose connection dies before the server answers it. Always on PostgreSQL (the `pg`
 * connection, whichever database the suite runs on): a SQLite file has no connection to lose.
 */
const TABLE = 'confirmed_commit_probe'
const pg = () => db.connection('pg')

/** Kills the transaction's own server process from another connection, as a crash would. */
async function loseConnectionOf(transaction: TransactionClientContract) {
  const { rows } = await transaction.rawQuery('select pg_backend_pid() as pid')
  await pg().rawQuery('select pg_terminate_backend(?)', [rows[0].pid])
  // Let the client read the end of its socket before anything else is sent on it.
  await new Promise((resolve) => setTimeout(resolve, 100))
}

/** A transaction that inserted a row, then lost its connection before committing it. */
async function transactionThatLostItsConnection(): Promise<TransactionClientContract> {
  const transaction = await pg().transaction()
  await transaction.insertQuery().table(TABLE).insert({ name: 'lost' })
  await loseConnectionOf(transaction)
  return transaction
}

async function storedNames(): Promise<string[]> {
  const rows = await pg().from(TABLE).select('name').orderBy('name')
  return rows.map((row) => row.name)
}

test.group('Confirmed commit (PostgreSQL)', (group) => {
  group.tap((t) => t.tags(['@any-database']))
  group.setup(async () => {
    await pg().schema.dropTableIfExists(TABLE)
    await pg().schema.createTable(TABLE, (table) => table.string('name'))
    return () => pg().schema.dropTableIfExists(TABLE)
  })
  group.each.setup(async () => {
    await pg().from(TABLE).delete()
  })

  test("Lucid's own commit resolves although the COMMIT was lost (why commitConfirmed exists)", async ({
    assert,
  }) => {
    const transaction = await transactionThatLostItsConnection()
    await transaction.commit()
    await transaction.knexClient.executionPromise.catch(() => {})
    assert.deepEqual(await storedNames(), [])
  })

  test('commitConfirmed rejects when the COMMIT was lost, as a database that cannot be reached', async ({
    assert,
  }) => {
    const transaction = await transactionThatLostItsConnection()
    const error = await commitConfirmed(transaction).then(
      () => undefined,
      (rejection: unknown) => rejection
    )
    assert.instanceOf(error, Error)
    assert.equal(translateDatabaseUnavailable(error)?.code, 'Database.Unavailable')
    assert.deepEqual(await storedNames(), [])
  })

  test('commitConfirmed resolves once the COMMIT is confirmed, and the row is stored', async ({
    assert,
  }) => {
    const transaction = await pg().transaction()
    await transaction.insertQuery().table(TABLE).insert({ name: 'kept' })
    await commitConfirmed(transaction)
    assert.deepEqual(await storedNames(), ['kept'])
  })

  test('inConfirmedTransaction rejects when the COMMIT was lost, and rolls back when the work throws', async ({
    assert,
  }) => {
    await assert.rejects(() =>
      inConfirmedTransaction(pg(), async (transaction) => {
        await transaction.insertQuery().table(TABLE).insert({ name: 'lost' })
        await loseConnectionOf(transaction)
      })
    )
    await assert.rejects(
      () =>
        inConfirmedTransaction(pg(), async (transaction) => {
          await transaction.insertQuery().table(TABLE).insert({ name: 'thrown' })
          throw new Error('the work failed')
        }),
      'the work failed'
    )
    const kept = await inConfirmedTransaction(pg(), async (transaction) => {
      await transaction.insertQuery().table(TABLE).insert({ name: 'kept' })
      return 'done'
    })
    assert.equal(kept, 'done')
    assert.deepEqual(await storedNames(), ['kept'])
  })

  test('a unit of work whose COMMIT is lost fails instead of answering success', async ({
    assert,
  }) => {
    const unitOfWork = new LucidUnitOfWork(db, undefined, 'pg')
    const outcome = unitOfWork.run(async () => {
      const transaction = unitOfWork.client() as TransactionClientContract
      await transaction.insertQuery().table(TABLE).insert({ name: 'lost' })
      await loseConnectionOf(transaction)
      return success('stored')
    })
    const error = await outcome.then(
      () => undefined,
      (rejection: unknown) => rejection
    )
    assert.equal(translateDatabaseUnavailable(error)?.code, 'Database.Unavailable')
    assert.deepEqual(await storedNames(), [])
  })
})
