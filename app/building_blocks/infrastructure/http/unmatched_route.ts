import type { HttpContext } from '@adonisjs/core/http'
import type { HttpRouterService } from '@adonisjs/core/types'
import { sendProblem } from './problem_details.js'
import { reportApiVersions } from './versioning/api_version_negotiation.js'
import { reportDeprecation } from './versioning/deprecation_headers.js'
import { isVersionNeutral } from './versioning/version_neutral_handlers.js'
import type { VersionedModules } from './versioning/versioned_modules.js'

/** The methods routes take; every path that takes one of them also answers OPTIONS. */
const ROUTED_METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE']

/**
 * Answers a request no route matches, as HTTP says: OPTIONS on a path that exists answers 204
 * with `Allow`; another method on such a path 405 with `Allow`; CONNECT 405 wherever it is sent
 * (the service tunnels nothing); anything else 404. Under a versioned module's paths the answer
 * reports the module's versions like its endpoints do, and the deprecation headers of the
 * version the request names (or the default), unless only version-neutral routes take the path.
 *
 * It runs only once the router has found nothing, so matched requests pay nothing for it.
 */
export function answerUnmatchedRoute(
  ctx: HttpContext,
  router: HttpRouterService,
  versionedModules: VersionedModules
): void {
  const url = ctx.request.url()
  const method = ctx.request.method()
  const routes = routesOnPath(ctx, router)
  const allowed = routes.length > 0 ? [...routes.map((route) => route.method), 'OPTIONS'] : []
  const versioned = versionedModules.find(url)
  if (versioned) {
    reportApiVersions(ctx, versioned.policy)
    if (routes.length === 0 || routes.some((route) => !route.neutral)) {
      reportDeprecation(ctx, versioned.policy, versioned.segment)
    }
  }

  if (method === 'OPTIONS' && allowed.length > 0) {
    ctx.response.header('allow', allowed.join(', ')).status(204).send('')
    return
  }
  // 405 must say what the path takes, even when that is nothing (a CONNECT to host:port).
  if (allowed.length > 0 || method === 'CONNECT') {
    ctx.response.header('allow', allowed.join(', '))
    return sendProblem(ctx, {
      status: 405,
      code: 'Route.MethodNotAllowed',
      detail:
        method === 'CONNECT'
          ? 'CONNECT is not answered here: this service is not a proxy'
          : `${url} does not take ${method}; it takes ${allowed.join(', ')}`,
    })
  }
  sendProblem(ctx, {
    status: 404,
    code: 'Route.NotFound',
    detail: `No endpoint answers ${method} ${url}`,
  })
}

/** The methods some route takes on the request's path, each with whether it is version-neutral. */
function routesOnPath(ctx: HttpContext, router: HttpRouterService) {
  const url = ctx.request.url()
  const hostname = router.usingDomains ? (ctx.request.hostname() ?? undefined) : undefined
  return ROUTED_METHODS.flatMap((method) => {
    const matched = router.match(url, method, false, hostname)
    return matched ? [{ method, neutral: isVersionNeutral(matched.route.handler) }] : []
  })
}
