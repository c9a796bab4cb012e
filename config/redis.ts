import env from '#start/env'
import type { RedisConnectionConfig } from '@adonisjs/redis/types'

/**
 * Redis connections (@adonisjs/redis), used by the `redis` message transport and the rate
 * limiter's redis store. The package is only loaded when one of them asks for a connection;
 * this file imports types only, so an app that never uses Redis never loads ioredis.
 */
function fromUrl(url: string): RedisConnectionConfig {
  const parsed = new URL(url)
  if (parsed.protocol !== 'redis:')
    throw new Error(`REDIS_URL must start with redis:// (got ${parsed.protocol})`)
  return {
    host: parsed.hostname,
    port: Number(parsed.port || 6379),
    password: parsed.password ? decodeURIComponent(parsed.password) : undefined,
    username: parsed.username ? decodeURIComponent(parsed.username) : undefined,
    db: parsed.pathname.length > 1 ? Number(parsed.pathname.slice(1)) : 0,
    keyPrefix: '',
    // A connection whose network path is cut without a reset answers nothing and never fails;
    // one with a command unanswered for 5 s is destroyed and opened again (the message
    // transport's blocking readers set their own bound, longer than their blocking reads).
    connectTimeout: 5_000,
    socketTimeout: 5_000,
  }
}

const redisConfig = {
  connection: 'main' as const,
  connections: {
    main: fromUrl(env.get('REDIS_URL', 'redis://127.0.0.1:6379')),
  },
}

export default redisConfig

declare module '@adonisjs/redis/types' {
  export interface RedisConnections {
    main: RedisConnectionConfig
  }
}
