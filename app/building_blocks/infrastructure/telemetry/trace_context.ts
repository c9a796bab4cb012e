import { context, propagation, ROOT_CONTEXT, type Context } from '@opentelemetry/api'
import type { TraceContext } from '../../integration/integration_event.js'
import { isTracing } from './tracing.js'

/**
 * The W3C trace context (`traceparent`, and `tracestate` when there is one) of the active span,
 * in the form stored with an outbox row and carried in the event envelope. Undefined when
 * telemetry is off or no span is active.
 */
export function currentTraceContext(): TraceContext | undefined {
  if (!isTracing()) return undefined
  const carrier: Record<string, string> = {}
  propagation.inject(context.active(), carrier)
  if (!carrier.traceparent) return undefined
  return carrier.tracestate
    ? { traceparent: carrier.traceparent, tracestate: carrier.tracestate }
    : { traceparent: carrier.traceparent }
}

/**
 * The context a stored trace context stands for, to parent a span that continues the trace in
 * another place or process (the relay, a consumer, a replay). Without one, a new trace starts.
 */
export function contextFrom(stored: TraceContext | undefined): Context {
  if (!stored?.traceparent) return ROOT_CONTEXT
  return propagation.extract(ROOT_CONTEXT, { ...stored })
}
