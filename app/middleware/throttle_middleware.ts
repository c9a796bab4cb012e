import type { HttpContext } from '@adonisjs/core/http'
import type { NextFn } from '@adonisjs/core/types/http'
import { errors, type LimiterResponse } from '@adonisjs/limiter'
import app from '@adonisjs/core/services/app'
import { pantheonConfig } from '../host/pantheon_config.js'
import { clientRateLimiter } from '../host/client_rate_limiter.js'
import { sendProblem } from '../building_blocks/infrastructure/http/problem_details.js'
import { OutageLog } from '../building_blocks/infrastructure/diagnostics/outage_log.js'

export const RATE_LIMIT_EXCEEDED_CODE = 'RateLimit.Exceeded'

/**
 * Liveness and readiness probes come from the orchestrator and must never be refused: exactly
 * these two paths (any other path under /health/ is an ordinary request, counted and limited).
 */
const HEALTH_PROBES = new Set(['/health/live', '/health/ready'])
const isHealthProbe = (ctx: HttpContext) => HEALTH_PROBES.has(ctx.request.url())

const storeOutage = new OutageLog('rate limit store', 'requests pass unthrottled')

/**
 * Counts every request (known route or not, before its body is read) against its client's
 * address, `ctx.request.ip()`: the socket's address, or X-Forwarded-For when the request comes
 * through a trusted proxy (config/app.ts `trustProxy`; AdonisJS trusts loopback by default).
 * Over the limit it answers 429 problem details with Retry-After. When the store itself fails
 * (Redis down), requests are let through: an outage of the limiter must not become an outage
 * of the API. With RATE_LIMIT_STORE=off, start/kernel.ts does not register it at all.
 */
export default class ThrottleMiddleware {
  async handle(ctx: HttpContext, next: NextFn) {
    if (isHealthProbe(ctx)) return next()
    const limiter = await clientRateLimiter()
    let counted: LimiterResponse
    try {
      counted = await limiter.consume(`ip_${ctx.request.ip()}`)
    } catch (error) {
      if (error instanceof errors.E_TOO_MANY_REQUESTS) return tooManyRequests(ctx, error)
      storeOutage.failed(ctx.logger, error)
      return next()
    }
    storeOutage.answered(ctx.logger)
    ctx.response.header('X-RateLimit-Limit', counted.limit)
    ctx.response.header('X-RateLimit-Remaining', counted.remaining)
    return next()
  }
}

function tooManyRequests(ctx: HttpContext, error: InstanceType<typeof errors.E_TOO_MANY_REQUESTS>) {
  const retryAfter = Math.max(1, error.response.availableIn)
  const headers = { ...error.getDefaultHeaders(), 'Retry-After': retryAfter }
  for (const [name, value] of Object.entries(headers)) ctx.response.header(name, value)
  sendProblem(ctx, {
    status: 429,
    code: RATE_LIMIT_EXCEEDED_CODE,
    detail: `More than ${error.response.limit} requests in ${pantheonConfig(app).rateLimit.window} from this client; try again in ${retryAfter} s`,
  })
}
