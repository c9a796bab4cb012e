import { setTimeout as sleep } from 'node:timers/promises'
import type { DeadLetters } from './dead_letters.js'
import { exponentialBackoff } from '../resilience/backoff.js'
import type { UnreadableMessage } from './inbound_message.js'
import { MessageRejected } from './message_rejection.js'
import type { EventDelivery } from './message_transport.js'
import {
  consumerApplied,
  deadLetter,
  traced,
  type ConsumerAppliedMessage,
} from '../diagnostics/channels.js'
import { moduleOfName } from './module_of_name.js'

export interface RetryPolicy {
  /** Tries before the event becomes a dead letter for this consumer. */
  maxAttempts: number
  /** Wait before the next try after the n-th failure (exponential). */
  backoffMs: (attempt: number) => number
}

export const DEFAULT_RETRY_POLICY: RetryPolicy = {
  maxAttempts: 5,
  backoffMs: exponentialBackoff({ firstMs: 200, maxMs: 10_000 }),
}

/**
 * A consumer's delivery with its failure handling: retried with exponential backoff, then
 * recorded as a dead letter. An event the consumer's contract refuses (MessageRejected) is not
 * tried again: it would be refused the same way, so it is a dead letter at once. It resolves in
 * every case, so the transport acknowledges the message; it rejects only when the dead letter
 * itself cannot be written (the database is down), and then the message stays unacknowledged
 * and comes back later.
 */
export function retryingDelivery(
  consumer: string,
  deliver: EventDelivery,
  deadLetters: DeadLetters,
  policy: RetryPolicy = DEFAULT_RETRY_POLICY,
  onDeadLetter: (consumer: string, error: unknown) => void = () => {}
): EventDelivery {
  return async (event) => {
    let lastError: unknown
    let attempts = 0
    while (attempts < policy.maxAttempts) {
      attempts += 1
      try {
        await deliver(event)
        if (consumerApplied.hasSubscribers) {
          const applied: ConsumerAppliedMessage = {
            module: moduleOfName(consumer),
            consumer,
            type: event.type,
          }
          consumerApplied.publish(applied)
        }
        return
      } catch (error) {
        lastError = error
        if (error instanceof MessageRejected) break
        if (attempts < policy.maxAttempts) await sleep(policy.backoffMs(attempts))
      }
    }
    await keepDeadLetter(consumer, event, attempts, lastError, () =>
      deadLetters.record(consumer, event, attempts, lastError)
    )
    onDeadLetter(consumer, lastError)
  }
}

/**
 * The `reject` of a consumer's subscription: a message its transport could not read as an
 * event becomes the consumer's dead letter at once, with the reason.
 */
export function unreadableToDeadLetters(
  consumer: string,
  deadLetters: DeadLetters,
  onDeadLetter: (consumer: string, error: unknown) => void = () => {}
): (message: UnreadableMessage) => Promise<void> {
  return async (message) => {
    await keepDeadLetter(consumer, message, 1, message.rejection, () =>
      deadLetters.recordUnreadable(consumer, message)
    )
    onDeadLetter(consumer, message.rejection)
  }
}

async function keepDeadLetter(
  consumer: string,
  message: { eventId: string; type: string },
  attempts: number,
  error: unknown,
  record: () => Promise<void>
): Promise<void> {
  if (!deadLetter.hasSubscribers) return record()
  await traced(
    deadLetter,
    {
      module: moduleOfName(consumer),
      consumer,
      type: message.type,
      eventId: message.eventId,
      attempts,
      reason: error,
    },
    record
  )
}
