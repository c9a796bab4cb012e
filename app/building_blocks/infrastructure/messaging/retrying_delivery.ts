import { setTimeout as sleep } from 'node:timers/promises'
import type { DeadLetters } from './dead_letters.js'
import { exponentialBackoff } from '../resilience/backoff.js'
import type { EventDelivery } from './message_transport.js'
import { inSpan, isTracing } from '../telemetry/tracing.js'
import { countConsumed, countDeadLettered } from '../telemetry/messaging_metrics.js'
import { moduleOfName } from '../telemetry/span_attributes.js'

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
 * recorded as a dead letter. It resolves in both cases, so the transport acknowledges the
 * message; it rejects only when the dead letter itself cannot be written (the database is
 * down), and then the message stays unacknowledged and comes back later.
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
    for (let attempt = 1; attempt <= policy.maxAttempts; attempt++) {
      try {
        await deliver(event)
        countConsumed(event.type, moduleOfName(consumer), consumer)
        return
      } catch (error) {
        lastError = error
        if (attempt < policy.maxAttempts) await sleep(policy.backoffMs(attempt))
      }
    }
    if (isTracing()) {
      await inSpan(
        'dead-letter',
        {
          attributes: {
            'pantheon.module': moduleOfName(consumer),
            'pantheon.consumer': consumer,
            'pantheon.event.id': event.eventId,
            'pantheon.event.type': event.type,
            'pantheon.delivery.attempts': policy.maxAttempts,
            'pantheon.delivery.error':
              lastError instanceof Error ? lastError.message : String(lastError),
          },
        },
        () => deadLetters.record(consumer, event, policy.maxAttempts, lastError)
      )
    } else {
      await deadLetters.record(consumer, event, policy.maxAttempts, lastError)
    }
    countDeadLettered(event.type, moduleOfName(consumer), consumer)
    onDeadLetter(consumer, lastError)
  }
}
