import type { HttpContext } from '@adonisjs/core/http'
import { endpointRequest, type EndpointRequestMessage } from './channels.js'

/**
 * A module endpoint's handler that first publishes `pantheon:endpoint.request` (its module and
 * route pattern), in the request's own async context: the telemetry names the server span after
 * it (`POST /api/:version/catalog`, `pantheon.module: catalog`).
 */
export function observedRequests<T>(
  module: string,
  handler: (ctx: HttpContext) => T
): (ctx: HttpContext) => T {
  return (ctx) => {
    const pattern = ctx.route?.pattern
    if (endpointRequest.hasSubscribers && pattern) {
      const request: EndpointRequestMessage = { module, method: ctx.request.method(), pattern }
      endpointRequest.publish(request)
    }
    return handler(ctx)
  }
}
