import type { IntegrationEvent } from '../../integration/integration_event.js'
import type { UnreadableMessage } from './inbound_message.js'

/** Applies one event for one consumer; resolving means the effect committed. */
export type EventDelivery = (event: IntegrationEvent<unknown>) => Promise<void>

/** One consumer's interest in one event type. */
export interface Subscription {
  /** The integration event type, e.g. "catalog.product_created". */
  readonly type: string
  /**
   * The version of the type this subscription reads: each version travels on its own route
   * (`eventRoute`), so a consumer that reads two versions has a subscription for each.
   */
  readonly version: number
  /** Unique name, `<module>.<ConsumerClass>`: its inbox records and dead letters carry it. */
  readonly consumer: string
  /** The consuming module; a broker gives each module its own queue or consumer groups. */
  readonly module: string
  readonly deliver: EventDelivery
  /**
   * Keeps a message the transport could not read as an event (too large, not an envelope) as
   * this consumer's dead letter; resolving means it is kept and may be acknowledged. The host
   * sets it on every subscription; transports hand such messages over with `receiveMessage`.
   */
  readonly reject?: (message: UnreadableMessage) => Promise<void>
}

/**
 * Carries integration events from the outbox relay to the consumers.
 *
 * `publish` resolves once the event is safely handed over: durably enqueued by a broker, or
 * applied by every in-process consumer. The relay marks the outbox row sent only then, so a
 * rejection simply means "try again later". Consumers acknowledge a message only after their
 * delivery resolved (their transaction committed); an unacknowledged message is delivered again,
 * and the inbox makes that harmless. Transports read what they receive with `receiveMessage`,
 * which refuses a message over `maxMessageBytes` or not an envelope.
 */
export abstract class MessageTransport {
  abstract readonly name: string
  /**
   * Whether the relay may publish a whole batch at once. A broker takes publishes in the order
   * they were issued and confirms them together; the memory transport runs consumers inside
   * publish, so it is given one event at a time.
   */
  readonly publishesConcurrently: boolean = false
  abstract subscribe(subscription: Subscription): void
  abstract publish(event: IntegrationEvent<unknown>): Promise<void>
  /** Begins delivering to the subscriptions. A process that only publishes never calls it. */
  abstract startConsuming(): Promise<void>
  /** Resolves when the broker answers now; rejects with what is wrong (for readiness checks). */
  abstract checkConnection(): Promise<void>
  /** Stops consuming and releases connections; messages in flight stay unacknowledged. */
  abstract close(): Promise<void>
}
