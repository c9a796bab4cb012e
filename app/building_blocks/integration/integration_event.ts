/**
 * The envelope every integration event travels in between modules. Contracts (the `type`, its
 * `version` and the payload shape) live in the publishing module's `integration/` folder, which
 * is the only part of a module other modules may import.
 */
export interface IntegrationEvent<TPayload> {
  /** Unique per event; consumers record it to apply each event once. */
  readonly eventId: string
  /** Stable name, e.g. "catalog.product_created". */
  readonly type: string
  /** Contract version of the payload; a breaking payload change gets a new version. */
  readonly version: number
  /** ISO 8601 UTC. */
  readonly occurredAt: string
  /** The id of the request that caused the event, carried across modules for tracing. */
  readonly correlationId: string
  readonly payload: TPayload
  /**
   * The W3C trace context of the request that wrote the event (absent when telemetry was off):
   * consumers continue that trace, on every transport, after retries and replays alike.
   */
  readonly traceContext?: TraceContext
}

/** A W3C trace context as carried by `traceparent` and `tracestate` headers. */
export interface TraceContext {
  readonly traceparent: string
  readonly tracestate?: string
}

/** An integration event contract: its stable type name and version, typed by its payload. */
export interface IntegrationEventContract<TPayload> {
  readonly type: string
  readonly version: number
  /** Type carrier only; never set. */
  readonly payload?: TPayload
}

export type PayloadOf<C> = C extends IntegrationEventContract<infer P> ? P : never

export function defineIntegrationEvent<TPayload>(
  type: string,
  version: number
): IntegrationEventContract<TPayload> {
  return { type, version }
}
