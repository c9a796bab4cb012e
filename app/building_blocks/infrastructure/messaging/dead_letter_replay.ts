import type { ConsumerRegistry } from './consumer_registry.js'
import type { DeadLetter, DeadLetters } from './dead_letters.js'
import { DEFAULT_MAX_MESSAGE_BYTES, readEvent } from './event_envelope.js'
import { observedDelivery } from './observed_delivery.js'
import { consumerApplied, type ConsumerAppliedMessage } from '../diagnostics/channels.js'

export interface ReplayOutcome {
  replayed: string[]
  failed: { id: string; error: string }[]
}

/**
 * Runs dead letters through their consumer again, once each, in this process: whatever the
 * transport, the consumer's inbox keeps the effect single. A letter that succeeds is removed;
 * one that fails again stays, with the new error, for the next replay. A replay reads the
 * letter as it arrived, with the checks of the day: a message refused as too large goes through
 * once the limit was raised, an event refused by its contract once the consumer's contract
 * takes it, and neither before.
 */
export class DeadLetterReplay {
  constructor(
    private readonly deadLetters: DeadLetters,
    private readonly consumers: ConsumerRegistry,
    private readonly options: { maxMessageBytes: number } = {
      maxMessageBytes: DEFAULT_MAX_MESSAGE_BYTES,
    }
  ) {}

  async replay(ids?: string[]): Promise<ReplayOutcome> {
    const letters = ids
      ? await this.deadLetters.find(ids)
      : await this.deadLetters.list({ limit: 10_000 })
    const outcome: ReplayOutcome = { replayed: [], failed: [] }
    for (const letter of letters) {
      try {
        await this.deliver(letter)
        await this.deadLetters.remove(letter.id)
        outcome.replayed.push(letter.id)
      } catch (error) {
        await this.deadLetters.failedAgain(letter.id, error)
        outcome.failed.push({
          id: letter.id,
          error: error instanceof Error ? error.message : String(error),
        })
      }
    }
    return outcome
  }

  private async deliver(letter: DeadLetter): Promise<void> {
    const subscription = this.consumers.get(letter.consumer)
    if (!subscription) throw new Error(`no consumer named ${letter.consumer} in this app`)
    const event = readEvent(letter.body, this.options.maxMessageBytes)
    // The letter keeps the envelope as it arrived, trace context included: the replay joins the
    // trace of the request that published the event.
    await observedDelivery(subscription, 'dead-letters', subscription.deliver, 'replay')(event)
    if (consumerApplied.hasSubscribers) {
      const applied: ConsumerAppliedMessage = {
        module: subscription.module,
        consumer: letter.consumer,
        type: letter.type,
      }
      consumerApplied.publish(applied)
    }
  }
}
