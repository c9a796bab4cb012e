import { defineConfig, stores } from '@adonisjs/limiter'
import type { ConfigProvider } from '@adonisjs/core/types'
import type { LimiterManagerStoreFactory } from '@adonisjs/limiter/types'
import pantheon from '#config/pantheon'

/*
| The stores of the per-client rate limit (its numbers are in config/pantheon.ts): counted in
| memory (one process) or in Redis (shared by every host).
*/
const { store } = pantheon.rateLimit

/** The redis store only when chosen: declaring it resolves the `redis` binding at first use. */
const limiterStores: Record<
  string,
  LimiterManagerStoreFactory | ConfigProvider<LimiterManagerStoreFactory>
> = {
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
