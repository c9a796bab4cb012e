import { test } from '@japa/runner'
import { retryAtStart, StartupDependencyError } from '#kit/host/startup_retry'

const FAST = { initialDelayMs: 20, maxDelayMs: 80, totalMs: 400 }

test.group('Retry at start', () => {
  test('returns once the dependency answers, after waits that double up to the cap', async ({
    assert,
  }) => {
    const waits: number[] = []
    let tries = 0
    await retryAtStart(
      'The database',
      async () => {
        if (++tries < 5) throw new Error('connection refused')
      },
      FAST,
      (_, delayMs) => waits.push(delayMs)
    )
    assert.equal(tries, 5)
    assert.deepEqual(waits, [20, 40, 80, 80])
  })

  test('gives up within the total limit with an error naming the dependency and the last failure', async ({
    assert,
  }) => {
    const startedAt = performance.now()
    const error = await retryAtStart(
      'The redis broker',
      async () => {
        throw new Error('connect ECONNREFUSED 127.0.0.1:5999')
      },
      FAST
    ).catch((failure: unknown) => failure)
    const elapsed = performance.now() - startedAt

    assert.instanceOf(error, StartupDependencyError)
    const failure = error as StartupDependencyError
    assert.equal(failure.dependency, 'The redis broker')
    assert.isAbove(failure.tries, 3)
    assert.include(failure.message, 'The redis broker did not answer within')
    assert.include(failure.message, 'ECONNREFUSED 127.0.0.1:5999')
    assert.include(failure.message, 'STARTUP_TIMEOUT_MS')
    assert.isBelow(elapsed, FAST.totalMs + 50)
  })
})
