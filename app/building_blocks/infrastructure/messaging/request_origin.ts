import type { TraceContext } from '../../integration/integration_event.js'

/** What the outbox takes from the request that caused an event. */
export interface RequestOrigin {
  /** The request id: the event's correlation id. */
  readonly correlationId?: string
  /**
   * The trace context the client sent (W3C `traceparent`, `tracestate`), carried with the event
   * when telemetry is off; with telemetry on, the active span's context is carried instead.
   */
  readonly traceContext?: TraceContext
}

/** version-traceid-parentid-flags, lowercase hex (W3C Trace Context, level 1). */
const TRACEPARENT = /^([0-9a-f]{2})-([0-9a-f]{32})-([0-9a-f]{16})-[0-9a-f]{2}$/
/** The longest `tracestate` W3C asks a vendor to keep whole. */
const MAX_TRACESTATE_LENGTH = 512

/**
 * The trace context of a request's headers, if `traceparent` is a valid one (version `ff`, or
 * an all-zero trace or parent id, are invalid): a malformed header is dropped, not carried on to
 * every consumer. `tracestate` goes along only with a valid `traceparent`.
 */
export function traceContextOfHeaders(
  traceparent: string | undefined,
  tracestate: string | undefined
): TraceContext | undefined {
  const match = TRACEPARENT.exec(traceparent?.trim() ?? '')
  if (!match || match[1] === 'ff' || /^0+$/.test(match[2]) || /^0+$/.test(match[3])) {
    return undefined
  }
  const state = tracestate?.trim()
  return state && state.length <= MAX_TRACESTATE_LENGTH
    ? { traceparent: match[0], tracestate: state }
    : { traceparent: match[0] }
}
