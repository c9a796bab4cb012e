import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import {
  databaseGate,
  LucidUnitOfWork,
  translateDatabaseUnavailable,
} from '@pantheon/kit/persistence'
import { success } from '@pantheon/kit/application'

test.group('Database gate', (group) => {
  group.each.teardown(() => databaseGate.open())

  test('while closed, a unit of work refuses to reach the database, as unavailable', async ({
    assert,
  }) => {
    const unitOfWork = new LucidUnitOfWork(db)
    databaseGate.close('it does not answer')
    let ran = false
    const refused = await unitOfWork
      .run(async () => {
        ran = true
        return success(1)
      })
      .catch((error: unknown) => error)
    assert.isFalse(ran)
    const answer = translateDatabaseUnavailable(refused)
    assert.equal(answer?.code, 'Database.Unavailable')
    // Says why, rather than that the database cannot be reached.
    assert.equal(
      answer?.message,
      'The database is not ready: it does not answer; try again shortly'
    )
    assert.throws(() => unitOfWork.client(), 'The database is not ready: it does not answer')
  })

  test('opening it lets units of work through and resolves whoever waits for it', async ({
    assert,
  }) => {
    databaseGate.close('its pending migrations are being applied')
    assert.equal(databaseGate.reason, 'its pending migrations are being applied')
    const refused = await new LucidUnitOfWork(db)
      .run(async () => success('too early'))
      .catch((error: unknown) => error)
    assert.equal(
      translateDatabaseUnavailable(new Error('the request failed', { cause: refused }))?.message,
      'The database is not ready: its pending migrations are being applied; try again shortly'
    )
    let opened = false
    const waiting = databaseGate.whenOpen().then(() => (opened = true))
    await new Promise((resolve) => setImmediate(resolve))
    assert.isFalse(opened)
    databaseGate.open()
    await waiting
    assert.isTrue(opened)
    const result = await new LucidUnitOfWork(db).run(async () => success('written'))
    assert.deepEqual(result, success('written'))
  })
})
