import type { IntegrationEvent } from '../../integration/integration_event.js'
import { toCloudEvent } from './cloud_event.js'
import { DEFAULT_MAX_MESSAGE_BYTES } from './event_envelope.js'
import { eventRoute } from './event_route.js'
import { receiveMessage } from './inbound_message.js'
import { MessageTransport, type Subscription } from './message_transport.js'

export interface MemoryTransportOptions {
  /** A message larger than this (in its wire form) becomes a dead letter instead. */
  maxMessageBytes: number
}

/**
 * In-process delivery, the default, for development and tests. `publish` applies the event in
 * every subscribed consumer before it resolves, so the outbox row is marked sent only once each
 * consumer committed or dead-lettered it: a crash in between means the relay publishes it again.
 */
export class MemoryTransport extends MessageTransport {
  readonly name = 'memory'
  readonly options: MemoryTransportOptions
  readonly #subscriptions = new Map<string, Subscription[]>()

  constructor(
    options: Partial<MemoryTransportOptions> = {},
    private readonly onError: (error: unknown, context: string) => void = () => {}
  ) {
    super()
    this.options = { maxMessageBytes: DEFAULT_MAX_MESSAGE_BYTES, ...options }
  }

  subscribe(subscription: Subscription): void {
    const route = eventRoute(subscription)
    this.#subscriptions.set(route, [...(this.#subscriptions.get(route) ?? []), subscription])
  }

  async publish(event: IntegrationEvent<unknown>): Promise<void> {
    // Consumers get the event as a broker would hand it over, read from its wire form with the
    // same checks: what a broker would refuse is refused here too, and no consumer shares the
    // publisher's objects.
    const message = toCloudEvent(event)
    const origin = { type: event.type, key: event.eventId }
    const failures: string[] = []
    for (const subscription of this.#subscriptions.get(eventRoute(event)) ?? []) {
      try {
        await receiveMessage(
          subscription,
          message,
          origin,
          this.options.maxMessageBytes,
          this.onError
        )
      } catch (error) {
        failures.push(
          `${subscription.consumer}: ${error instanceof Error ? error.message : String(error)}`
        )
      }
    }
    if (failures.length > 0) throw new Error(failures.join('; '))
  }

  async startConsuming(): Promise<void> {}

  async checkConnection(): Promise<void> {}

  async close(): Promise<void> {}
}
