import { once } from 'node:events'
import { configProvider } from '@adonisjs/core'
import app from '@adonisjs/core/services/app'
import { LimiterManager, type Limiter } from '@adonisjs/limiter'
import type { LimiterManagerStoreFactory } from '@adonisjs/limiter/types'
import { pantheonConfig } from './pantheon_config.js'
import { redisConnection } from './redis_connection.js'

/** How long the first request waits for Redis to connect before it is let through anyway. */
const REDIS_CONNECT_WAIT_MS = 1000

let limiter: Promise<Limiter> | undefined

/**
 * The limiter counting each client's requests, built from config/limiter.ts on first use (the
 * same way @adonisjs/limiter's provider builds its manager). A misconfiguration, such as the
 * redis store without the redis provider, rejects here on every request rather than quietly
 * leaving the API unlimited.
 */
export function clientRateLimiter(): Promise<Limiter> {
  limiter ??= createLimiter()
  return limiter
}

async function createLimiter(): Promise<Limiter> {
  const config = await configProvider.resolve<{
    default: string
    stores: Record<string, LimiterManagerStoreFactory>
  }>(app, app.config.get('limiter'))
  if (!config) throw new Error('config/limiter.ts must export the result of defineConfig')
  const { requests, window } = pantheonConfig(app).rateLimit
  const created = new LimiterManager(config).use({ requests, duration: window })
  if (created.name === 'redis') await redisConnected()
  return created
}

/**
 * The redis store refuses to queue commands while disconnected (see config/limiter.ts), so
 * without this wait the first requests after a start would count as an outage.
 */
async function redisConnected() {
  const connection = await redisConnection(app.container)
  if (connection.status === 'ready') return
  try {
    await once(connection.ioConnection, 'ready', {
      signal: AbortSignal.timeout(REDIS_CONNECT_WAIT_MS),
    })
  } catch {
    // Unreachable for now: the middleware lets requests through and says so in the log.
  }
}
