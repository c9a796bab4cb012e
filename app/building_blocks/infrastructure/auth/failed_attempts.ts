import { configProvider } from '@adonisjs/core'
import type { HttpContext } from '@adonisjs/core/http'
import app from '@adonisjs/core/services/app'
import { type Limiter, LimiterManager } from '@adonisjs/limiter'
import type { LimiterManagerStoreFactory } from '@adonisjs/limiter/types'
import type { Result } from '../../application/result.js'
import { sendProblem } from '../http/problem_details.js'
import { OutageLog } from '../diagnostics/outage_log.js'

/** How many failures a key may have, in what window, and how long it is refused after them. */
interface FailedAttemptsPolicy {
  attempts: number
  window: string
  block: string
}

/** Five wrong passwords for one account from one address, then a quarter of an hour's wait. */
const SIGN_IN_POLICY: FailedAttemptsPolicy = { attempts: 5, window: '15 mins', block: '15 mins' }

/** A failure that counts against the key, carried through the limiter's penalize(). */
class CountedFailure<T> extends Error {
  constructor(readonly result: Result<T>) {
    super('a counted failure')
  }
}

const limiters = new Map<string, Promise<Limiter>>()

/** In the app's limiter store (config/limiter.ts: memory, or Redis shared by every host). */
function limiterFor(policy: FailedAttemptsPolicy): Promise<Limiter> {
  const key = `${policy.attempts}/${policy.window}/${policy.block}`
  let limiter = limiters.get(key)
  if (!limiter) {
    limiter = (async () => {
      const config = await configProvider.resolve<{
        default: string
        stores: Record<string, LimiterManagerStoreFactory>
      }>(app, app.config.get('limiter'))
      if (!config) throw new Error('config/limiter.ts must export the result of defineConfig')
      return new LimiterManager(config).use({
        requests: policy.attempts,
        duration: policy.window,
        blockDuration: policy.block,
      })
    })()
    limiters.set(key, limiter)
  }
  return limiter
}

/**
 * Runs an attempt that fails by the caller's own fault (a wrong password), counting those
 * failures per key (an account and an address, so that nobody can lock another person out from
 * elsewhere). After `attempts` of them the key is refused for `block`, right credentials or not:
 * 429 `Auth.TooManyAttempts` with Retry-After, and undefined here. A success forgets the count.
 */
export async function limitFailedAttempts<T>(
  ctx: HttpContext,
  key: string,
  attempt: () => Promise<Result<T>>,
  failed: (result: Result<T>) => boolean,
  policy: FailedAttemptsPolicy = SIGN_IN_POLICY
): Promise<Result<T> | undefined> {
  return countFailedAttempts(await limiterFor(policy), ctx, key, attempt, failed)
}

const storeOutage = new OutageLog('failed attempts store', 'attempts pass uncounted')

/**
 * limitFailedAttempts with its limiter given. When the limiter's store fails (Redis down), the
 * attempt is made uncounted, once, rather than every sign-in answering 500: an outage of the
 * limiter must not become an outage of signing in (the app's general throttle does the same).
 * The outage is logged when it starts and when it ends.
 */
export async function countFailedAttempts<T>(
  limiter: Limiter,
  ctx: HttpContext,
  key: string,
  attempt: () => Promise<Result<T>>,
  failed: (result: Result<T>) => boolean
): Promise<Result<T> | undefined> {
  let attempted: { outcome?: Result<T>; error?: unknown } | undefined
  try {
    const [refused, result] = await limiter.penalize(key, async () => {
      attempted = {}
      try {
        attempted.outcome = await attempt()
      } catch (error) {
        attempted.error = error
        throw error
      }
      if (failed(attempted.outcome)) throw new CountedFailure(attempted.outcome)
      return attempted.outcome
    })
    storeOutage.answered(ctx.logger)
    if (!refused) return result
    const retryAfter = Math.max(1, refused.response.availableIn)
    ctx.response.header('retry-after', String(retryAfter))
    sendProblem(ctx, {
      status: 429,
      code: 'Auth.TooManyAttempts',
      detail: `Too many failed attempts: try again in ${retryAfter} s`,
    })
    return undefined
  } catch (error) {
    if (error instanceof CountedFailure) return error.result as Result<T>
    if (attempted?.error !== undefined) throw attempted.error
    storeOutage.failed(ctx.logger, error)
    // Before the attempt (reading the count) or after it (recording it): made once either way.
    return attempted ? (attempted.outcome as Result<T>) : attempt()
  }
}
