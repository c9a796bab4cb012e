import { setTimeout as sleep } from 'node:timers/promises'
import type { Database } from '@adonisjs/lucid/database'
import { success } from '@pantheon/kit/application'
import {
  DeadLetters,
  type MessageTransport,
  type MessagingConfig,
  onceThroughInbox,
  Outbox,
  OUTBOX_TABLE,
  OutboxRelay,
  retryingDelivery,
} from '@pantheon/kit/messaging'
import { LucidUnitOfWork } from '@pantheon/kit/persistence'
import { BENCH_EVENT, benchPayload } from './probe_event.js'
import { median, percentile, spread } from './stats.js'
import {
  openTransport,
  TRANSPORT_LABELS,
  untilConnected,
  type BenchTransportKind,
} from './transports.js'

const LATENCY_KINDS = ['memory', 'redis', 'rabbitmq'] as const satisfies BenchTransportKind[]
export const P99_TARGET_MS = 50
/** How long the last events may take to arrive once the producer is done (a backlog drains meanwhile). */
const SETTLE_TIMEOUT_MS = 60_000

export interface LatencyOptions {
  rate: number
  seconds: number
  rounds: number
  /** A discarded first round per transport (consumer code paths, connections, JIT). */
  warmupSeconds: number
  batchSize: number
}

interface LatencyRound {
  p50: number
  p99: number
  max: number
  /** Events per second the producer actually committed (the offered rate, if the machine kept up). */
  achievedRate: number
  /** Deliveries beyond the first (a redelivery the inbox absorbed). */
  duplicates: number
  /** Committed events not applied within SETTLE_TIMEOUT_MS of the last commit: a failure. */
  unapplied: number
  /** Commands that failed (a pool that ran dry, a timeout): the machine did not keep up. */
  failedCommands: number
  /** The first such failure's message, to say why. */
  firstFailure?: string
}

export interface LatencyRow {
  kind: BenchTransportKind
  label: string
  rounds: LatencyRound[]
  p50: number
  p99: number
  p99Spread: number
  achievedRate: number
  unapplied: number
  failedCommands: number
  firstFailure?: string
  /** The offered rate was committed (≥ 95% of it, no failed command) in every round. */
  keptUp: boolean
}

/** Under this share of the offered rate, or with any failed command, a round did not keep up. */
const KEPT_UP_SHARE = 0.95

/** Times in ms on one monotonic clock; both ends are in this process. */
class Stopwatch {
  readonly committedAt = new Map<string, number>()
  readonly appliedAt = new Map<string, number>()
  duplicates = 0

  applied(eventId: string) {
    if (this.appliedAt.has(eventId)) this.duplicates += 1
    else this.appliedAt.set(eventId, performance.now())
  }

  /** Of the events applied; the others count as unapplied. */
  latencies(): number[] {
    const latencies: number[] = []
    for (const [id, committed] of this.committedAt) {
      const applied = this.appliedAt.get(id)
      if (applied !== undefined) latencies.push(applied - committed)
    }
    return latencies
  }
}

/** The consumer as the host wires one: retries and dead letters around the inbox, no effect of its own. */
function subscribeProbe(db: Database, transport: MessageTransport, watch: Stopwatch) {
  const consumer = 'bench_latency.Probe'
  const deliver = retryingDelivery(
    consumer,
    onceThroughInbox(db, consumer, async () => {}),
    new DeadLetters(db)
  )
  transport.subscribe({
    type: BENCH_EVENT.type,
    version: BENCH_EVENT.version,
    consumer,
    module: 'bench_latency',
    // Resolving means the inbox transaction committed: that is when the effect is applied.
    deliver: async (event) => {
      await deliver(event)
      watch.applied(event.eventId)
    },
  })
}

/**
 * One command: a unit of work whose only write is the event. Its commit time is taken in an
 * after-commit hook, registered after the outbox's own (which wakes the relay), so it is the
 * moment the commit returned and comes before any consumer can see the event.
 */
async function commitOne(unitOfWork: LucidUnitOfWork, outbox: Outbox, n: number, watch: Stopwatch) {
  await unitOfWork.run(async () => {
    const id = await outbox.publish(BENCH_EVENT, benchPayload(n))
    LucidUnitOfWork.currentTransaction()!.after(
      'commit',
      async () => void watch.committedAt.set(id, performance.now())
    )
    return success(id)
  })
}

/**
 * Commits `rate` events a second for `seconds`, open loop: each command starts at its own
 * scheduled time whether or not earlier ones finished, so a stall shows up as latency instead of
 * quietly lowering the rate. A command that fails (past the machine's limit the connection pool
 * runs dry) is counted, not thrown: the report says the rate could not be kept up. Returns the
 * rate of commands that committed, and the failures.
 */
async function produce(
  db: Database,
  outbox: Outbox,
  options: LatencyOptions,
  watch: Stopwatch
): Promise<{ achievedRate: number; failedCommands: number; firstFailure?: string }> {
  const unitOfWork = new LucidUnitOfWork(db)
  const total = Math.round(options.rate * options.seconds)
  const interval = 1000 / options.rate
  const startedAt = performance.now()
  const commands: Promise<void>[] = []
  const failures: string[] = []
  for (let n = 0; n < total; n++) {
    const wait = startedAt + n * interval - performance.now()
    if (wait > 0) await sleep(wait)
    commands.push(
      commitOne(unitOfWork, outbox, n, watch).catch((error: unknown) => {
        failures.push(error instanceof Error ? error.message : String(error))
      })
    )
  }
  await Promise.all(commands)
  const seconds = (performance.now() - startedAt) / 1000
  return {
    achievedRate: (total - failures.length) / seconds,
    failedCommands: failures.length,
    firstFailure: failures[0],
  }
}

async function oneRound(
  db: Database,
  config: MessagingConfig,
  kind: BenchTransportKind,
  options: LatencyOptions
): Promise<LatencyRound> {
  await db.rawQuery(`truncate table ${OUTBOX_TABLE}`)
  const { transport, cleanup } = await openTransport(kind, config)
  const watch = new Stopwatch()
  const relay = new OutboxRelay(db, transport, { batchSize: options.batchSize })
  try {
    subscribeProbe(db, transport, watch)
    await transport.startConsuming()
    await untilConnected(transport)
    const outbox = new Outbox(db)
    outbox.onCommit(() => relay.wake())
    relay.start()
    const produced = await produce(db, outbox, options, watch)
    const deadline = Date.now() + SETTLE_TIMEOUT_MS
    while (watch.appliedAt.size < watch.committedAt.size && Date.now() < deadline) await sleep(20)
    const latencies = watch.latencies()
    return {
      p50: percentile(latencies, 50),
      p99: percentile(latencies, 99),
      max: Math.max(0, ...latencies),
      ...produced,
      duplicates: watch.duplicates,
      unapplied: watch.committedAt.size - latencies.length,
    }
  } finally {
    await relay.stop()
    await cleanup()
  }
}

/** Commit-to-consume latency per transport, rounds interleaved like the throughput rounds. */
export async function commitLatency(
  db: Database,
  config: MessagingConfig,
  options: LatencyOptions
): Promise<LatencyRow[]> {
  const rounds = new Map<BenchTransportKind, LatencyRound[]>(
    LATENCY_KINDS.map((kind) => [kind, []])
  )
  for (const kind of LATENCY_KINDS)
    await oneRound(db, config, kind, { ...options, seconds: options.warmupSeconds })
  for (let round = 0; round < options.rounds; round++) {
    for (const kind of LATENCY_KINDS)
      rounds.get(kind)!.push(await oneRound(db, config, kind, options))
  }
  return LATENCY_KINDS.map((kind) => {
    const runs = rounds.get(kind)!
    const p99s = runs.map((run) => run.p99)
    return {
      kind,
      label: TRANSPORT_LABELS[kind],
      rounds: runs,
      p50: median(runs.map((run) => run.p50)),
      p99: median(p99s),
      p99Spread: spread(p99s),
      achievedRate: median(runs.map((run) => run.achievedRate)),
      unapplied: runs.reduce((sum, run) => sum + run.unapplied, 0),
      failedCommands: runs.reduce((sum, run) => sum + run.failedCommands, 0),
      firstFailure: runs.find((run) => run.firstFailure)?.firstFailure,
      keptUp: runs.every(
        (run) => run.failedCommands === 0 && run.achievedRate >= options.rate * KEPT_UP_SHARE
      ),
    }
  })
}
