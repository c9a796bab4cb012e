import { metrics, type Counter, type Histogram } from '@opentelemetry/api'
import type { Database } from '@adonisjs/lucid/database'
import {
  consumerApplied,
  eventsLost,
  type ConsumerAppliedMessage,
  type EventsLostMessage,
} from '../diagnostics/channels.js'
import { isTracing, outsideTraces } from './tracing.js'

interface Instruments {
  published: Counter
  consumed: Counter
  deadLettered: Counter
  lost: Counter
  relayLag: Histogram
}

let instruments: Instruments | undefined

/**
 * Made on first use, once telemetry is running: the meter provider is only there from then on,
 * and an app with telemetry off never makes them.
 */
function meter(): Instruments {
  if (instruments) return instruments
  const kit = metrics.getMeter('@pantheon/kit')
  instruments = {
    published: kit.createCounter('pantheon.events.published', {
      description: 'Integration events the relay handed to the transport',
    }),
    consumed: kit.createCounter('pantheon.events.consumed', {
      description: 'Integration events a consumer applied (or found already applied)',
    }),
    deadLettered: kit.createCounter('pantheon.events.dead_lettered', {
      description: 'Integration events that became a dead letter of a consumer',
    }),
    lost: kit.createCounter('pantheon.events.lost', {
      description: 'Integration events a broker dropped before a consumer acknowledged them',
    }),
    relayLag: kit.createHistogram('pantheon.outbox.relay_lag', {
      description: 'From the outbox write to the publish',
      unit: 'ms',
    }),
  }
  return instruments
}

/** The relay published an event written at `occurredAt`. */
export function countPublished(type: string, module: string, occurredAt: string | Date): void {
  if (!isTracing()) return
  const attributes = { 'pantheon.module': module, 'pantheon.event.type': type }
  meter().published.add(1, attributes)
  meter().relayLag.record(Math.max(0, Date.now() - new Date(occurredAt).getTime()), attributes)
}

/**
 * Counts what the core publishes on its plain channels (events applied, events lost); the
 * publish and dead-letter counts come with their spans (messaging_spans.ts). Returns what
 * unsubscribes.
 */
export function measureMessaging(): () => void {
  const applied = (message: unknown) => {
    const { type, module, consumer } = message as ConsumerAppliedMessage
    countConsumed(type, module, consumer)
  }
  const lost = (message: unknown) => {
    const { type, consumer, count } = message as EventsLostMessage
    countLost(type, consumer, count)
  }
  consumerApplied.subscribe(applied)
  eventsLost.subscribe(lost)
  return () => {
    consumerApplied.unsubscribe(applied)
    eventsLost.unsubscribe(lost)
  }
}

/** A consumer of `module` applied an event of `type`. */
function countConsumed(type: string, module: string, consumer: string): void {
  if (!isTracing()) return
  meter().consumed.add(1, {
    'pantheon.module': module,
    'pantheon.event.type': type,
    'pantheon.consumer': consumer,
  })
}

export function countDeadLettered(type: string, module: string, consumer: string): void {
  if (!isTracing()) return
  meter().deadLettered.add(1, {
    'pantheon.module': module,
    'pantheon.event.type': type,
    'pantheon.consumer': consumer,
  })
}

/**
 * A broker dropped `count` events of `type` that `consumer` had not acknowledged (a Redis
 * stream trimmed past its hard length limit): they will never reach it.
 */
function countLost(type: string, consumer: string, count: number): void {
  if (!isTracing()) return
  meter().lost.add(count, { 'pantheon.event.type': type, 'pantheon.consumer': consumer })
}

/**
 * The outbox backlog as gauges read at each export: how many rows wait (`pantheon.outbox
 * .backlog`) and how old the oldest of them is (`pantheon.outbox.oldest_pending_age`, in
 * seconds). A growing age means the relay is down or the broker refuses; a growing backlog
 * with a small age means the relay cannot keep up. Returns what stops the observation.
 */
export function observeOutboxBacklog(db: Database, table: string): () => void {
  if (!isTracing()) return () => {}
  const kit = metrics.getMeter('@pantheon/kit')
  const backlog = kit.createObservableGauge('pantheon.outbox.backlog', {
    description: 'Outbox rows not yet published',
  })
  const oldestAge = kit.createObservableGauge('pantheon.outbox.oldest_pending_age', {
    description: 'Age of the oldest outbox row not yet published',
    unit: 's',
  })
  const observe = async (observer: {
    observe(gauge: typeof backlog, value: number): void
  }): Promise<void> => {
    try {
      // Read on every export: kept out of traces like the relay's own polling.
      const [row] = (await outsideTraces(() =>
        db.from(table).where('status', 'pending').count('* as pending').min('occurred_at as oldest')
      )) as { pending: number | string; oldest: string | Date | null }[]
      observer.observe(backlog, Number(row.pending))
      const oldest = row.oldest ? new Date(row.oldest).getTime() : Date.now()
      observer.observe(oldestAge, Math.max(0, (Date.now() - oldest) / 1000))
    } catch {
      // The database is away: no value this time rather than a wrong one.
    }
  }
  kit.addBatchObservableCallback(observe, [backlog, oldestAge])
  return () => kit.removeBatchObservableCallback(observe, [backlog, oldestAge])
}
