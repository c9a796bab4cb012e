import { context, trace } from '@opentelemetry/api'
import { getRPCMetadata, RPCType } from '@opentelemetry/core'
import { endpointRequest, type EndpointRequestMessage } from '../diagnostics/channels.js'

/**
 * Names each module endpoint's server span after its route and module (`POST
 * /api/:version/catalog`, `pantheon.module: catalog`) instead of the bare method the HTTP
 * instrumentation knows, so traces and the HTTP duration metric group by endpoint and by
 * module. The core publishes `pantheon:endpoint.request` in the request's context, so the
 * server span is the active one here. Returns what unsubscribes.
 */
export function nameRequestSpans(): () => void {
  const name = (received: unknown) => {
    const { module, method, pattern } = received as EndpointRequestMessage
    const span = trace.getActiveSpan()
    if (!span) return
    span.updateName(`${method} ${pattern}`)
    span.setAttributes({ 'http.route': pattern, 'pantheon.module': module })
    // The HTTP instrumentation's duration metric takes its route from here.
    const rpc = getRPCMetadata(context.active())
    if (rpc?.type === RPCType.HTTP) rpc.route = pattern
  }
  endpointRequest.subscribe(name)
  return () => endpointRequest.unsubscribe(name)
}
