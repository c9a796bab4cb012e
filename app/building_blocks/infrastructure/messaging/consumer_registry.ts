import type { Subscription } from './message_transport.js'

/**
 * Every consumer of the app, registered by its module at boot. The transport subscribes them
 * all when it is created, and the dead-letter replay finds a consumer here by name. Adding a
 * consumer after the transport exists would silently never deliver to it, so that is refused.
 * A consumer that reads several versions of its type registers a subscription per version, all
 * at once (consumerSubscriptions), sharing one delivery.
 */
export class ConsumerRegistry {
  readonly #byName = new Map<string, Subscription[]>()
  #sealed = false

  /** One consumer's subscriptions: one per version it reads. */
  add(...subscriptions: Subscription[]): void {
    const [first] = subscriptions
    if (!first) return
    if (this.#sealed) {
      throw new Error(
        `${first.consumer} registered after the transport started; register consumers at boot`
      )
    }
    if (this.#byName.has(first.consumer)) {
      throw new Error(`Two consumers are named ${first.consumer}`)
    }
    const versions = new Set<number>()
    for (const subscription of subscriptions) {
      if (subscription.consumer !== first.consumer || subscription.type !== first.type) {
        throw new Error(
          `One consumer reads one event type: ${subscription.consumer} (${subscription.type}) registered with ${first.consumer} (${first.type})`
        )
      }
      if (versions.has(subscription.version)) {
        throw new Error(
          `${first.consumer} subscribes to ${first.type} version ${subscription.version} twice`
        )
      }
      versions.add(subscription.version)
    }
    this.#byName.set(first.consumer, subscriptions)
  }

  /**
   * The consumer's subscription for `version`, else its first: its subscriptions share one
   * delivery, which accepts every version it reads and refuses the others with the reason.
   */
  get(consumer: string, version?: number): Subscription | undefined {
    const subscriptions = this.#byName.get(consumer)
    return subscriptions?.find((s) => s.version === version) ?? subscriptions?.[0]
  }

  /** Every subscription so far (for the boot check of published versions). */
  subscriptions(): Subscription[] {
    return [...this.#byName.values()].flat()
  }

  /** The subscriptions, once: from then on the set is final. */
  seal(): Subscription[] {
    this.#sealed = true
    return this.subscriptions()
  }
}
