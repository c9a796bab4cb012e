import { test } from '@japa/runner'
import { beforeTimer } from '#tests/common/before_timer'
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
    const { value: result, inTime } = await beforeTimer(
      runTimedOut(unitOfWork, 30, () => new Promise(() => {})),
      1_000
    )

    assert.isFalse(result.ok)
    assert.isTrue(inTime, 'answered at the 30 ms timeout, not after a later timer')
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
