import string from '@adonisjs/core/helpers/string'
import type { ApplicationService } from '@adonisjs/core/types'

export type RateLimitStore = 'memory' | 'redis' | 'off'

/** What an app sets in config/pantheon.ts (every value usually read from the environment). */
export interface PantheonConfigInput {
  rateLimit: { store: RateLimitStore; requests: number; window: string }
  /** How long a command or query may run before the request answers 503 (default 10 s). */
  handlerTimeoutMs?: number
  /**
   * How long the web host waits at start for its database and broker, retrying with capped
   * exponential backoff, before it exits with an error naming the one that never answered
   * (default 60 s; see startup_retry.ts).
   */
  startupTimeoutMs?: number
  /** Apply pending migrations when the web host starts (development default). */
  autoMigrate: boolean
  /** Where the development API reference page is served. */
  apiDocsPath: string
  /** The development HTTPS listener next to the HTTP one. */
  https: { enabled: boolean; port: number; host: string }
}

export interface PantheonConfig extends PantheonConfigInput {
  rateLimit: PantheonConfigInput['rateLimit'] & { enabled: boolean }
}

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
  throw new Error(
    `${name} must be a duration of at least a second, such as "1 minute" (got "${value}")`
  )
}

/**
 * The host settings the kit reads (config/pantheon.ts). Checked when the config file loads, so a
 * typo fails the start instead of being ignored.
 */
export function definePantheonConfig(input: PantheonConfigInput): PantheonConfig {
  return {
    ...input,
    rateLimit: {
      ...input.rateLimit,
      enabled: input.rateLimit.store !== 'off',
      requests: positiveInteger('RATE_LIMIT_REQUESTS', input.rateLimit.requests),
      window: duration('RATE_LIMIT_WINDOW', input.rateLimit.window),
    },
  }
}

/** The app's config/pantheon.ts, or a boot error saying it is missing. */
export function pantheonConfig(app: ApplicationService): PantheonConfig {
  const config = app.config.get<PantheonConfig | undefined>('pantheon')
  if (!config)
    throw new Error('config/pantheon.ts is missing: export default definePantheonConfig({ ... })')
  return config
}
