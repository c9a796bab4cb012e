import { test } from '@japa/runner'
import type { HttpContext } from '@adonisjs/core/http'
import testUtils from '@adonisjs/core/services/test_utils'
import { Limiter } from '@adonisjs/limiter'
import LimiterMemoryStore from '@adonisjs/limiter/stores/memory'
import LimiterRedisStore from '@adonisjs/limiter/stores/redis'
import { RedisConnection } from '@adonisjs/redis'
import { AppError, failure, type Result, success } from '@pantheon/kit/application'
import { countFailedAttempts } from '#kit/building_blocks/infrastructure/auth/failed_attempts'
import { testPort } from '#tests/common/test_ports'

const POLICY = { requests: 2, duration: '15 mins', blockDuration: '15 mins' }

const WRONG_PASSWORD = failure(AppError.unauthorized('Identity.InvalidCredentials', 'no'))

/** A sign-in that answers `outcome`, counting how often it was made. */
function signIn(outcome: Result<string>) {
  const made = { count: 0 }
  return {
    made,
    attempt: async () => {
      made.count++
      return outcome
    },
  }
}

const failedSignIn = (result: Result<string>) => !result.ok

/** One sign-in through the limiter, as from `key`, in a request of its own. */
async function signInAs(
  limiter: Limiter,
  key: string,
  attempt: () => Promise<Result<string>>,
  ctx?: HttpContext
) {
  return countFailedAttempts(
    limiter,
    ctx ?? (await testUtils.createHttpContext()),
    key,
    attempt,
    failedSignIn
  )
}

test.group('Failed sign-in attempts', () => {
  test('two wrong passwords, then the key is refused with 429 and Retry-After', async ({
    assert,
  }) => {
    const limiter = new Limiter(new LimiterMemoryStore(POLICY))
    const wrong = signIn(WRONG_PASSWORD)
    for (let n = 0; n < 2; n++) {
      const answer = await signInAs(limiter, 'ann|1.2.3.4', wrong.attempt)
      assert.deepEqual(answer, WRONG_PASSWORD)
    }
    const right = signIn(success('token'))
    const ctx = await testUtils.createHttpContext()
    const held = await signInAs(limiter, 'ann|1.2.3.4', right.attempt, ctx)
    assert.isUndefined(held)
    assert.equal(right.made.count, 0, 'a held key is not even tried')
    assert.equal(ctx.response.getStatus(), 429)
    assert.isAtLeast(Number(ctx.response.getHeader('retry-after')), 1)
    // Another address for the same account is not held.
    const elsewhere = await signInAs(limiter, 'ann|5.6.7.8', right.attempt)
    assert.deepEqual(elsewhere, success('token'))
  })

  test('with the store unreachable, each attempt is made once, uncounted, and answers as it would', async ({
    assert,
    cleanup,
  }) => {
    // Nothing listens there: every command of the store fails at once.
    const redis = new RedisConnection('unreachable', {
      host: '127.0.0.1',
      port: testPort(327),
      lazyConnect: true,
      enableOfflineQueue: false,
      maxRetriesPerRequest: 0,
      retryStrategy: () => null,
    })
    cleanup(() => redis.disconnect())
    const limiter = new Limiter(new LimiterRedisStore(redis, POLICY))

    const right = signIn(success('token'))
    const signedIn = await signInAs(limiter, 'ann|1.2.3.4', right.attempt)
    assert.deepEqual(signedIn, success('token'))
    assert.equal(right.made.count, 1)

    const wrong = signIn(WRONG_PASSWORD)
    for (let n = 0; n < 3; n++) {
      const answer = await signInAs(limiter, 'ann|1.2.3.4', wrong.attempt)
      assert.deepEqual(answer, WRONG_PASSWORD)
    }
    assert.equal(wrong.made.count, 3)
  })

  test('an attempt that throws is not made again, and its error goes on', async ({ assert }) => {
    const limiter = new Limiter(new LimiterMemoryStore(POLICY))
    let made = 0
    const ctx = await testUtils.createHttpContext()
    await assert.rejects(
      () =>
        countFailedAttempts(
          limiter,
          ctx,
          'bob|1.2.3.4',
          async () => {
            made++
            throw new Error('the accounts table is gone')
          },
          failedSignIn
        ),
      'the accounts table is gone'
    )
    assert.equal(made, 1)
  })
})
