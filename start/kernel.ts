/*
| HTTP kernel: the error handler and the middleware stacks.
*/
import router from '@adonisjs/core/services/router'
import server from '@adonisjs/core/services/server'

server.errorHandler(() => import('#exceptions/handler'))

/** Runs on every request, matched or not; the rate limit first, so a refused client costs little. */
server.use([
  () => import('#middleware/throttle_middleware'),
  () => import('#middleware/json_content_type_middleware'),
])

/** Runs on matched routes only. */
router.use([
  () => import('@adonisjs/core/bodyparser_middleware'),
  () => import('#middleware/json_depth_middleware'),
])

export const middleware = router.named({})
