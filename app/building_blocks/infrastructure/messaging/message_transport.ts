import type { IntegrationEvent } from '../../integration/integration_event.js'

export type EventDelivery = (event: IntegrationEvent<unknown>) => Promise<void>

/**
 * Carries integration events from the outbox relay to the consumers. `publish` resolves once
 * every consumer subscribed to the event's type has handled it (or rejects, and the relay
 * retries). Consumers apply each event once through the inbox, so redelivery is safe.
 */
export interface MessageTransport {
  readonly name: string
  subscribe(type: string, consumer: string, deliver: EventDelivery): void
  publish(event: IntegrationEvent<unknown>): Promise<void>
  close(): Promise<void>
}
