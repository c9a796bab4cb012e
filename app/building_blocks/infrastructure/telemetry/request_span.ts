import type { HttpContext } from '@adonisjs/core/http'
import { context, trace } from '@opentelemetry/api'
import { getRPCMetadata, RPCType } from '@opentelemetry/core'
import { isTracing } from './tracing.js'

/**
 * Names the request's server span after its route and module (`POST /api/:version/catalog`,
 * `pantheon.module: catalog`) instead of the bare method the HTTP instrumentation knows, so
 * traces and the HTTP duration metric group by endpoint and by module.
 */
export function nameRequestSpan<T>(
  module: string,
  handler: (ctx: HttpContext) => T
): (ctx: HttpContext) => T {
  return (ctx) => {
    if (isTracing()) {
      const span = trace.getActiveSpan()
      const pattern = ctx.route?.pattern
      if (span && pattern) {
        span.updateName(`${ctx.request.method()} ${pattern}`)
        span.setAttributes({ 'http.route': pattern, 'pantheon.module': module })
        // The HTTP instrumentation's duration metric takes its route from here.
        const rpc = getRPCMetadata(context.active())
        if (rpc?.type === RPCType.HTTP) rpc.route = pattern
      }
    }
    return handler(ctx)
  }
}
