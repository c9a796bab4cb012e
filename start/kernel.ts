/*
| HTTP kernel: the error handler and the middleware stacks.
*/
import router from '@adonisjs/core/services/router'
import server from '@adonisjs/core/services/server'
import pantheon from '#config/pantheon'

/**
 * app/exceptions/handler.ts: every error leaves as problem details. An app's handler extends the
 * kit's (`@pantheon/kit/exception_handler`); override `report` or `handle` there.
 */
server.errorHandler(() => import('#exceptions/handler'))

/**
 * Runs on every request, matched or not, so a refused client costs little. With
 * RATE_LIMIT_STORE=off it is left out: AdonisJS builds each middleware class per request, which
 * is also why bodies are read by a wrapper on the routes that take one (`withJsonBody`), not by
 * router middleware (docs/performance.md).
 */
server.use(pantheon.rateLimit.enabled ? [() => import('@pantheon/kit/throttle_middleware')] : [])

export const middleware = router.named({})
