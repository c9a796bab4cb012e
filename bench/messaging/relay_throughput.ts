import { randomUUID } from 'node:crypto'
import { v7 as uuidv7 } from 'uuid'
import type { Database } from '@adonisjs/lucid/database'
import {
  type MessageTransport,
  type MessagingConfig,
  OUTBOX_TABLE,
  OutboxRelay,
  type Subscription,
} from '@pantheon/kit/messaging'
import { BENCH_EVENT, benchPayload } from './probe_event.js'
import { median, spread } from './stats.js'
import {
  openTransport,
  TRANSPORT_LABELS,
  untilConnected,
  type BenchTransportKind,
} from './transports.js'

/** Rows per INSERT: 9 columns each, well under PostgreSQL's 65,535 bind parameters. */
const INSERT_CHUNK = 1_000

/**
 * Empties the outbox and fills it with `count` committed, due events, written in bulk with the
 * columns Outbox.publish writes: the benchmark measures the relay, not the writers. The table
 * is then vacuumed and analysed, so every round starts from the same table and the same plan
 * (CHECKPOINT needs a superuser or pg_checkpoint, as BENCH_PG_ADMIN_URL's user is).
 */
async function fillOutbox(db: Database, count: number): Promise<void> {
  await db.rawQuery(`truncate table ${OUTBOX_TABLE}`)
  const now = new Date().toISOString()
  for (let start = 0; start < count; start += INSERT_CHUNK) {
    const rows = Array.from({ length: Math.min(INSERT_CHUNK, count - start) }, (_, offset) => ({
      id: uuidv7(),
      type: BENCH_EVENT.type,
      version: BENCH_EVENT.version,
      payload: JSON.stringify(benchPayload(start + offset)),
      correlation_id: randomUUID(),
      occurred_at: now,
      status: 'pending',
      attempts: 0,
      next_attempt_at: now,
    }))
    await db.table(OUTBOX_TABLE).multiInsert(rows)
  }
  await db.rawQuery(`vacuum analyze ${OUTBOX_TABLE}`)
  // The fill's dirty pages are written now rather than by a checkpoint in the middle of a drain.
  await db.rawQuery('checkpoint')
}

/** Events per second of one `OutboxRelay.drain()` over a freshly filled outbox. */
async function timeDrain(
  db: Database,
  transport: MessageTransport,
  count: number,
  batchSize: number
): Promise<number> {
  await fillOutbox(db, count)
  const relay = new OutboxRelay(db, transport, { batchSize })
  const startedAt = performance.now()
  const sent = await relay.drain()
  const seconds = (performance.now() - startedAt) / 1000
  // A drain ends early when a whole batch fails to publish: then the figure means nothing.
  if (sent !== count)
    throw new Error(`${transport.name}: the relay sent ${sent} of ${count} events`)
  return sent / seconds
}

const RELAY_KINDS = ['no-publish', 'redis', 'rabbitmq'] as const satisfies BenchTransportKind[]
/** Share of the no-publish drain each broker should reach. */
const RELAY_TARGETS: Partial<Record<BenchTransportKind, number>> = {
  redis: 0.9,
  rabbitmq: 0.6,
}

/**
 * Nobody consumes during the drain (only publishing is timed), but a module's queue is bound
 * so RabbitMQ routes and persists each message before confirming it: an unroutable message is
 * confirmed at once and would flatter it. On Redis and the no-publish transport it changes nothing.
 */
const SINK: Subscription = {
  type: BENCH_EVENT.type,
  version: BENCH_EVENT.version,
  consumer: 'bench_sink.Sink',
  module: 'bench_sink',
  deliver: async () => {},
}

export interface ThroughputRow {
  kind: BenchTransportKind
  label: string
  /** Events per second, one per round, in the order run. */
  rounds: number[]
  median: number
  spread: number
  /** Median over the no-publish drain's median. */
  ofNoPublish: number
  target?: number
}

export interface ThroughputOptions {
  events: number
  rounds: number
  warmupEvents: number
  batchSize: number
}

/**
 * Drains into each transport in turn, round after round (interleaved, so a slow minute of the
 * machine falls on all of them), after one discarded warm-up round. Each drain gets a transport
 * on fresh names, connected before the clock starts, and removed after.
 */
export async function relayThroughput(
  db: Database,
  config: MessagingConfig,
  options: ThroughputOptions
): Promise<ThroughputRow[]> {
  const samples = new Map<BenchTransportKind, number[]>(RELAY_KINDS.map((kind) => [kind, []]))
  for (let round = 0; round <= options.rounds; round++) {
    for (const kind of RELAY_KINDS) {
      const { transport, cleanup } = await openTransport(kind, config)
      try {
        transport.subscribe(SINK)
        await untilConnected(transport)
        const events = round === 0 ? options.warmupEvents : options.events
        const rate = await timeDrain(db, transport, events, options.batchSize)
        if (round > 0) samples.get(kind)!.push(rate)
      } finally {
        await cleanup()
      }
    }
  }
  const baseline = median(samples.get('no-publish')!)
  return RELAY_KINDS.map((kind) => {
    const rounds = samples.get(kind)!
    return {
      kind,
      label: TRANSPORT_LABELS[kind],
      rounds,
      median: median(rounds),
      spread: spread(rounds),
      ofNoPublish: median(rounds) / baseline,
      target: RELAY_TARGETS[kind],
    }
  })
}
