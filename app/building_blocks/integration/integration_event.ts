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
  /**
   * The id of the account the command that wrote the event was sent for (its principal, over
   * HTTP the authenticated caller); absent when no account acted (a job, an unauthenticated
   * request). A consumer may record who did what; it is never a reason to trust a payload.
   */
  readonly actorId?: string
}

/** A W3C trace context as carried by `traceparent` and `tracestate` headers. */
export interface TraceContext {
  readonly traceparent: string
  readonly tracestate?: string
}

/**
 * Checks a payload and gives it back as the contract reads it: a compiled VineJS validator
 * (`vine.create({...})`) fits as it is. Only the shape is named here, so contracts stay free of
 * any other layer.
 */
export interface PayloadSchema<TPayload> {
  tryValidate(data: unknown): Promise<[unknown, null] | [null, TPayload]>
}

/**
 * What a schema must give back for a payload type: the payload, except that its `unknown`
 * fields may be left out (a schema that takes any value, `vine.any()`, types them optional).
 */
export type SchemaOutputFor<TPayload> = {
  [K in keyof TPayload as unknown extends TPayload[K] ? never : K]: TPayload[K]
} & { [K in keyof TPayload as unknown extends TPayload[K] ? K : never]?: TPayload[K] }

/** The payload type a schema gives back. */
export type PayloadOfSchema<TSchema> = TSchema extends {
  tryValidate(data: unknown): Promise<infer Outcome>
}
  ? Extract<Outcome, [null, unknown]>[1]
  : never

/** An integration event contract: its stable type name, version and payload schema. */
export interface IntegrationEventContract<TPayload> {
  readonly type: string
  readonly version: number
  /**
   * What a payload of this version must be: checked before the outbox row is written and again
   * before a consumer applies an event. Absent on contracts declared without one, whose events
   * get the envelope checks only.
   */
  readonly schema?: PayloadSchema<unknown>
  /** Type carrier only; never set. */
  readonly payload?: TPayload
}

export type PayloadOf<C> = C extends IntegrationEventContract<infer P> ? P : never

/**
 * Declares a contract. With a schema (the way to declare one), payloads are checked on both
 * ends: the payload type is the schema's output, or the interface given as type argument, which
 * the schema must then fit. Without one, as contracts were declared before schemas existed, only
 * the envelope of each event is checked.
 */
export function defineIntegrationEvent<TSchema extends PayloadSchema<object>>(
  type: string,
  version: number,
  schema: TSchema
): IntegrationEventContract<PayloadOfSchema<TSchema>>
export function defineIntegrationEvent<TPayload>(
  type: string,
  version: number,
  schema: PayloadSchema<SchemaOutputFor<TPayload>>
): IntegrationEventContract<TPayload>
export function defineIntegrationEvent<TPayload>(
  type: string,
  version: number
): IntegrationEventContract<TPayload>
export function defineIntegrationEvent(
  type: string,
  version: number,
  schema?: PayloadSchema<unknown>
): IntegrationEventContract<unknown> {
  if (typeof type !== 'string' || type.trim() === '') {
    throw new TypeError('An integration event needs a type, e.g. "catalog.product_created"')
  }
  // Consumers compare versions exactly: one that is not a whole number could never be accepted.
  if (!Number.isInteger(version) || version < 1) {
    throw new TypeError(`The version of ${type} must be a whole number of at least 1`)
  }
  return schema ? { type, version, schema } : { type, version }
}
