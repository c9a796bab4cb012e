import { test } from '@japa/runner'
import { beforeTimer } from '#tests/common/before_timer'
import {
  AppError,
  Command,
  failure,
  isTimeout,
  type LateOutcome,
  type Result,
  success,
  TimeoutBehavior,
} from '@pantheon/kit/application'

class ImportCatalog extends Command<number> {}

/** A handler the test finishes by hand, to decide whether it ends before or after the timeout. */
function controllableHandler() {
  let finish!: (result: Result<unknown>) => void
  let fail!: (error: unknown) => void
  const work = new Promise<Result<unknown>>((resolve, reject) => {
    finish = resolve
    fail = reject
  })
  return { next: () => work, finish, fail, work }
}

const pendingTimers = () =>
  process.getActiveResourcesInfo().filter((kind) => kind === 'Timeout').length

test.group('Timeout behavior', () => {
  test('passes on the result of a handler that finishes in time, and leaves no timer behind', async ({
    assert,
  }) => {
    const late: LateOutcome[] = []
    const behavior = new TimeoutBehavior(60_000, (outcome) => late.push(outcome))
    const timersBefore = pendingTimers()

    const result = await behavior.handle(new ImportCatalog(), async () => success(12))

    assert.deepEqual(result, success(12))
    assert.isFalse(isTimeout(result))
    assert.equal(pendingTimers(), timersBefore)
    assert.lengthOf(late, 0)
  })

  test('keeps the failures and exceptions of a handler that finishes in time', async ({
    assert,
  }) => {
    const behavior = new TimeoutBehavior(60_000, () => {})
    const conflict = failure(AppError.conflict('Catalog.Busy', 'busy'))

    assert.deepEqual(await behavior.handle(new ImportCatalog(), async () => conflict), conflict)
    await assert.rejects(
      () =>
        behavior.handle(new ImportCatalog(), () => {
          throw new Error('thrown before any promise')
        }),
      'thrown before any promise'
    )
  })

  test('answers Handler.Timeout (503) after the timeout while the handler still runs', async ({
    assert,
  }) => {
    const behavior = new TimeoutBehavior(50, () => {})
    const handler = controllableHandler()
    const startedAt = performance.now()

    const { value: result, inTime } = await beforeTimer(
      behavior.handle(new ImportCatalog(), handler.next),
      1_000
    )
    const elapsedMs = performance.now() - startedAt

    assert.isFalse(result.ok)
    if (result.ok) return
    assert.equal(result.error.kind, 'unavailable')
    assert.equal(result.error.code, 'Handler.Timeout')
    assert.include(result.error.message, 'took longer than 50 ms')
    assert.isTrue(isTimeout(result))
    assert.isAtLeast(elapsedMs, 45)
    assert.isTrue(inTime, 'answered at its own timeout, not after a later timer')
    handler.finish(success(1))
  })

  test('reports what a timed-out handler returns later; the caller keeps the timeout', async ({
    assert,
  }) => {
    const late: LateOutcome[] = []
    const behavior = new TimeoutBehavior(20, (outcome) => late.push(outcome))
    const handler = controllableHandler()
    const message = new ImportCatalog()

    const result = await behavior.handle(message, handler.next)
    handler.finish(success(99))
    await new Promise((resolve) => setImmediate(resolve))

    assert.isTrue(isTimeout(result))
    assert.deepEqual(late, [{ message, result: success(99) }])
  })

  test('reports an error a timed-out handler throws later, never as an unhandled rejection', async ({
    assert,
    cleanup,
  }) => {
    const unhandled: unknown[] = []
    const onUnhandled = (reason: unknown) => unhandled.push(reason)
    process.on('unhandledRejection', onUnhandled)
    cleanup(() => void process.off('unhandledRejection', onUnhandled))
    const late: LateOutcome[] = []
    const behavior = new TimeoutBehavior(20, (outcome) => late.push(outcome))
    const handler = controllableHandler()
    const crash = new Error('write on a finished transaction')

    await behavior.handle(new ImportCatalog(), handler.next)
    handler.fail(crash)
    await new Promise((resolve) => setTimeout(resolve, 20))

    assert.lengthOf(late, 1)
    assert.strictEqual((late[0] as { error: unknown }).error, crash)
    assert.deepEqual(unhandled, [])
  })

  test('only its own timeout counts as a timeout', ({ assert }) => {
    const lookalike = failure(AppError.unavailable('Handler.Timeout', 'made elsewhere'))
    assert.isFalse(isTimeout(lookalike))
    assert.isFalse(isTimeout(success(1)))
  })

  test('refuses a timeout that is not a positive whole number of milliseconds', ({ assert }) => {
    for (const invalid of [0, -5, 1.5, Number.NaN]) {
      assert.throws(
        () => new TimeoutBehavior(invalid, () => {}),
        /whole number of milliseconds above 0/
      )
    }
  })
})
