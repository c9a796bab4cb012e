import { test } from '@japa/runner'
import type { Database } from '@adonisjs/lucid/database'
import { AppError, Command, failure, type Result, TimeoutBehavior } from '@pantheon/kit/application'
import { LucidUnitOfWork } from '@pantheon/kit/persistence'

class SyncStock extends Command<void> {}

/**
 * A database whose transaction cannot finish a rollback: what a connection looks like while the
 * timed-out handler's query is still waiting on a lock or a stalled server (the ROLLBACK
 * queues behind it).
 */
function databaseWithStuckRollback() {
  const calls: string[] = []
  const transaction = {
    commit: async () => void calls.push('commit'),
    rollback: () => {
      calls.push('rollback')
      return new Promise<void>(() => {})
    },
  }
  const db = { connection: () => ({ transaction: async () => transaction }) }
  return { db: db as unknown as Database, calls }
}

/** Runs `work` in the unit of work behind a timeout, as the command pipeline does. */
function runTimedOut(
  unitOfWork: LucidUnitOfWork,
  timeoutMs: number,
  work: () => Promise<Result<unknown>>
) {
  const timeout = new TimeoutBehavior(timeoutMs, () => {})
  return unitOfWork.run(() => timeout.handle(new SyncStock(), work))
}

test.group('Lucid unit of work after a handler timeout', () => {
  test('answers at once, without waiting for a rollback stuck behind the handler', async ({
    assert,
  }) => {
    const { db, calls } = databaseWithStuckRollback()
    const unitOfWork = new LucidUnitOfWork(db)
    const startedAt = performance.now()

    const result = await runTimedOut(unitOfWork, 30, () => new Promise(() => {}))

    assert.isFalse(result.ok)
    assert.isBelow(performance.now() - startedAt, 1000)
    assert.deepEqual(calls, ['rollback'])
  })

  test('still waits for the rollback of an ordinary failure', async ({ assert }) => {
    const { db, calls } = databaseWithStuckRollback()
    const unitOfWork = new LucidUnitOfWork(db)
    let answered = false

    void unitOfWork
      .run(async () => failure(AppError.conflict('Stock.Locked', 'locked')))
      .then(() => (answered = true))
    await new Promise((resolve) => setTimeout(resolve, 50))

    assert.isFalse(answered)
    assert.deepEqual(calls, ['rollback'])
  })
})
