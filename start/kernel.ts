/*
| HTTP kernel: the error handler and the middleware stacks.
*/
import router from '@adonisjs/core/services/router'
import server from '@adonisjs/core/services/server'
import { rateLimit } from '#config/limiter'

server.errorHandler(() => import('#exceptions/handler'))

/**
 * Runs on every request, matched or not; the rate limit first, so a refused client costs little.
 * With RATE_LIMIT_STORE=off it is left out: AdonisJS builds each middleware per request.
 */
server.use([
  ...(rateLimit.enabled ? [() => import('#middleware/throttle_middleware')] : []),
  () => import('#middleware/json_content_type_middleware'),
])

/** Runs on matched routes only. */
router.use([
  () => import('@adonisjs/core/bodyparser_middleware'),
  () => import('#middleware/json_depth_middleware'),
])

export const middleware = router.named({})
