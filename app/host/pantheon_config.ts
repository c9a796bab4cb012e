import string from '@adonisjs/core/helpers/string'
import type { ApplicationService } from '@adonisjs/core/types'
import {
  DEFAULT_JSON_BODY_LIMITS,
  type JsonBodyLimits,
} from '../building_blocks/infrastructure/http/json_body_limits.js'

type RateLimitStore = 'memory' | 'redis' | 'off'

/** What an app sets in config/pantheon.ts (every value usually read from the environment). */
export interface PantheonConfigInput {
  rateLimit: { store: RateLimitStore; requests: number; window: string }
  /** How long a command or query may run before the request answers 503 (default 10 s). */
  handlerTimeoutMs?: number
  /**
   * @deprecated Not read any more: the web host listens whatever its database does and
   * readies it in the background (database_readiness.ts). Kept so that apps made earlier, which
   * set it, still compile.
   */
  startupTimeoutMs?: number
  /** Apply pending migrations once the web host reaches its database (development default). */
  autoMigrate: boolean
  /**
   * How much structure one JSON request body may hold: keys per object, items per array and
   * values in all (400 Request.TooManyValues past any; defaults 1,000, 10,000 and 100,000).
   */
  bodyLimits?: Partial<Record<keyof JsonBodyLimits, number | undefined>>
  /** Where the development API reference page is served. */
  apiDocsPath: string
  /**
   * Serve the OpenAPI documents at /openapi/<module>-v<N>.json (and, in development, the
   * reference page). When left out: everywhere but production, where describing the whole API
   * to anyone who asks is a decision to make, not a default.
   */
  apiDocsEnabled?: boolean
  /** The development HTTPS listener next to the HTTP one. */
  https: { enabled: boolean; port: number; host: string }
}

export interface PantheonConfig extends PantheonConfigInput {
  rateLimit: PantheonConfigInput['rateLimit'] & { enabled: boolean }
  bodyLimits: JsonBodyLimits
}

function positiveInteger(name: string, unit: string, value: number): number {
  if (!Number.isInteger(value) || value < 1) {
    throw new Error(`${name} must be a whole number of ${unit} above 0 (got ${value})`)
  }
  return value
}

/** Each body limit's environment variable and what it counts, for the error that names it. */
const BODY_LIMIT_SETTINGS: Record<keyof JsonBodyLimits, [variable: string, unit: string]> = {
  keysPerObject: ['BODY_MAX_KEYS', 'keys'],
  arrayItems: ['BODY_MAX_ITEMS', 'items'],
  values: ['BODY_MAX_VALUES', 'values'],
}

function bodyLimits(input: PantheonConfigInput['bodyLimits'] = {}): JsonBodyLimits {
  const limits = { ...DEFAULT_JSON_BODY_LIMITS }
  for (const key of Object.keys(limits) as Array<keyof JsonBodyLimits>) {
    const value = input[key]
    if (value !== undefined) limits[key] = positiveInteger(...BODY_LIMIT_SETTINGS[key], value)
  }
  return limits
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
      requests: positiveInteger('RATE_LIMIT_REQUESTS', 'requests', input.rateLimit.requests),
      window: duration('RATE_LIMIT_WINDOW', input.rateLimit.window),
    },
    bodyLimits: bodyLimits(input.bodyLimits),
  }
}

/** The app's config/pantheon.ts, or a boot error saying it is missing. */
export function pantheonConfig(app: ApplicationService): PantheonConfig {
  const config = app.config.get<PantheonConfig | undefined>('pantheon')
  if (!config)
    throw new Error('config/pantheon.ts is missing: export default definePantheonConfig({ ... })')
  return config
}
