import pLimit, { type LimitFunction } from 'p-limit'
import type { IntegrationEvent } from '../../integration/integration_event.js'
import { toCloudEvent } from './cloud_event.js'
import { DEFAULT_MAX_MESSAGE_BYTES } from './event_envelope.js'
import { eventRoute } from './event_route.js'
import { receiveMessage } from './inbound_message.js'
import { MessageTransport, type Subscription } from './message_transport.js'

export interface MemoryTransportOptions {
  /** A message larger than this (in its wire form) becomes a dead letter instead. */
  maxMessageBytes: number
  /**
   * Deliveries in flight at once; the rest wait their turn. Each consumer applies those it is
   * given in one transaction at a time (onceThroughInbox), so this bounds the events held in
   * memory, not the pool's connections.
   */
  concurrency: number
}

/** Most of a relay's batch of 100: the larger the batch a consumer applies at once, the cheaper. */
const DEFAULT_MEMORY_CONCURRENCY = 64

/**
 * In-process delivery, the default, for development and tests. `publish` applies the event in
 * every subscribed consumer before it resolves, so the outbox row is marked sent only once each
 * consumer committed or dead-lettered it: a crash in between means the relay publishes it again.
 *
 * The relay hands over a whole batch at once, and its events are delivered side by side (up to
 * `concurrency` at once); each consumer applies the events that reach it together, in one
 * transaction at a time. One after the other, every event waited for the one before it, and at a
 * few hundred events a second the relay fell behind by most of a second. Events about one
 * aggregate (one `subject`, the payload's id) still reach each consumer in the order they were
 * published: the next waits until the one before it was applied.
 */
export class MemoryTransport extends MessageTransport {
  readonly name = 'memory'
  override readonly publishesConcurrently: boolean = true
  readonly options: MemoryTransportOptions
  readonly #subscriptions = new Map<string, Subscription[]>()
  /** Per consumer and aggregate, the delivery the next event about it waits for. */
  readonly #lastDelivery = new Map<string, Promise<void>>()
  readonly #limit: LimitFunction

  constructor(
    options: Partial<MemoryTransportOptions> = {},
    private readonly onError: (error: unknown, context: string) => void = () => {}
  ) {
    super()
    this.options = {
      maxMessageBytes: DEFAULT_MAX_MESSAGE_BYTES,
      concurrency: DEFAULT_MEMORY_CONCURRENCY,
      ...options,
    }
    this.#limit = pLimit(this.options.concurrency)
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
    const aggregate = message.attributes.subject ?? event.eventId
    const subscriptions = this.#subscriptions.get(eventRoute(event)) ?? []
    const outcomes = await Promise.allSettled(
      subscriptions.map((subscription) =>
        this.inOrder(`${subscription.consumer}\n${aggregate}`, () =>
          this.#limit(() =>
            receiveMessage(
              subscription,
              message,
              origin,
              this.options.maxMessageBytes,
              this.onError
            )
          )
        )
      )
    )
    const failures = outcomes.flatMap((outcome, index) =>
      outcome.status === 'rejected'
        ? [`${subscriptions[index].consumer}: ${errorText(outcome.reason)}`]
        : []
    )
    if (failures.length > 0) throw new Error(failures.join('; '))
  }

  /** Runs `deliver` once the delivery before it under `key` settled, whatever its outcome. */
  private inOrder(key: string, deliver: () => Promise<void>): Promise<void> {
    const previous = this.#lastDelivery.get(key) ?? Promise.resolve()
    const current = previous.then(deliver)
    const settled = current.catch(() => {})
    this.#lastDelivery.set(key, settled)
    // Forgotten once nothing waits behind it: the map holds only aggregates in flight.
    void settled.then(() => {
      if (this.#lastDelivery.get(key) === settled) this.#lastDelivery.delete(key)
    })
    return current
  }

  async startConsuming(): Promise<void> {}

  async checkConnection(): Promise<void> {}

  async close(): Promise<void> {}
}

function errorText(error: unknown): string {
  return error instanceof Error ? error.message : String(error)
}
