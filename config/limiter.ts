import env from '#start/env'
import app from '@adonisjs/core/services/app'
import string from '@adonisjs/core/helpers/string'
import type { ConfigProvider } from '@adonisjs/core/types'
import { defineConfig, stores } from '@adonisjs/limiter'
import type { LimiterManagerStoreFactory } from '@adonisjs/limiter/types'

/*
| The per-client rate limit (app/middleware/throttle_middleware.ts): at most `requests` per
| `window` from one client address, counted in memory (one process) or in Redis (shared by
| every host). Checked here, at boot, so a typo fails the start instead of being ignored.
*/

const store = env.get('RATE_LIMIT_STORE', 'memory')

function positiveInteger(name: string, value: number): number {
  if (!Number.isInteger(value) || value < 1) {
    throw new Error(`${name} must be a whole number of requests above 0 (got ${value})`)
  }
  return value
}

function duration(name: string, value: string): string {
  try {
    if (string.seconds.parse(value) >= 1) return value
  } catch {}
  throw new Error(`${name} must be a duration of at least a second, such as "1 minute" (got "${value}")`)
}

export const rateLimit = {
  enabled: store !== 'off',
  store,
  /**
   * The test run's own server takes thousands of requests a minute from one address (the
   * property-based suite alone sends 2,000), so tests get a ceiling they never reach; the tests
   * of the limit itself start hosts with a low RATE_LIMIT_REQUESTS.
   */
  requests: positiveInteger('RATE_LIMIT_REQUESTS', env.get('RATE_LIMIT_REQUESTS', app.inTest ? 1_000_000 : 600)),
  window: duration('RATE_LIMIT_WINDOW', env.get('RATE_LIMIT_WINDOW', '1 minute')),
}

/** The redis store only when chosen: declaring it resolves the `redis` binding at first use. */
const limiterStores: Record<string, LimiterManagerStoreFactory | ConfigProvider<LimiterManagerStoreFactory>> = {
  memory: stores.memory({}),
}
if (store === 'redis') {
  limiterStores.redis = stores.redis({
    keyPrefix: 'pantheon:rate-limit',
    // Without it, commands queue while Redis is unreachable and every request waits on them.
    rejectIfRedisNotReady: true,
  })
}

export default defineConfig({
  default: store === 'redis' ? 'redis' : 'memory',
  stores: limiterStores,
})
