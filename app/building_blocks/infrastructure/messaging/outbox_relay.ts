import type { Database } from '@adonisjs/lucid/database'
import type { QueryClientContract } from '@adonisjs/lucid/types/database'
import type { IntegrationEvent } from '../../integration/integration_event.js'
import type { MessageTransport } from './message_transport.js'
import { RetentionSweep, type RetentionPolicy } from './retention_sweep.js'
import { OUTBOX_TABLE } from './outbox.js'
import { exponentialBackoff } from '../resilience/backoff.js'
import type { TraceContext } from '../../integration/integration_event.js'
import {
  relayClaim,
  relayPass,
  relayPublish,
  traced,
  type RelayClaimMessage,
  type RelayPublishMessage,
} from '../diagnostics/channels.js'
import { moduleOfName } from './module_of_name.js'
import { claimDueRows } from './outbox_claim.js'
import { affectedRows } from '../persistence/affected_rows.js'

export interface RelayOptions {
  batchSize: number
  /** How long a claimed row stays reserved for this relay; a crashed relay's claim expires. */
  leaseMs: number
  /** The fallback poll; commits wake the relay at once. */
  pollMs: number
  /** Wait before the next try after the n-th failed publish (exponential, capped). */
  backoffMs: (attempt: number) => number
  /** Sent rows and inbox records removed once old enough (retention_sweep.ts); none: kept. */
  retention?: RetentionPolicy
  /**
   * Relay only the events of these modules (types `<module>.<event>`): a host serving some
   * modules (PANTHEON_MODULES) leaves the others' rows to the hosts that serve them. None: all;
   * an empty list: none.
   */
  modules?: readonly string[]
}

const DEFAULT_RELAY_OPTIONS: RelayOptions = {
  batchSize: 100,
  leaseMs: 30_000,
  pollMs: 1_000,
  backoffMs: exponentialBackoff({ firstMs: 200, maxMs: 30_000 }),
}

export interface CommitListener {
  start(onCommit: () => void): Promise<void>
  stop(): Promise<void>
}

interface OutboxRow {
  id: string
  type: string
  version: number
  payload: string
  correlation_id: string | null
  occurred_at: string | Date
  attempts: number
  /**
   * The event's id when another row carries the same event in another version; absent before
   * its migration ran, null for a row that is its own event (the row id is then the event id).
   */
  event_id?: string | null
  /** Absent before the trace-context migration ran; null when telemetry was off. */
  traceparent?: string | null
  tracestate?: string | null
  /** Absent before the actor migration ran; null when no account acted. */
  actor_id?: string | null
  /** The claim's message, when pantheon:relay.claim has subscribers (publish spans link to it). */
  claim?: RelayClaimMessage
}

/**
 * Publishes committed outbox rows to the transport and marks them sent. Rows are claimed with a
 * lease (`FOR UPDATE SKIP LOCKED` on PostgreSQL), so relays on several hosts never publish the
 * same row at once. A failed publish (the broker is away) is retried with exponential backoff
 * for as long as it takes: that is never the event's fault, so it never becomes a dead letter.
 * Dead letters are a consumer's business (see retryingDelivery).
 */
export class OutboxRelay {
  readonly options: RelayOptions
  /** Wherever the relay runs (web host or `node ace outbox:relay`), retention runs with it. */
  readonly retention?: RetentionSweep
  #timer?: NodeJS.Timeout
  #running?: Promise<void>
  #again = false
  #stopped = true
  #stopping = false

  constructor(
    /** The database whose outbox it relays: the app's default, or a module's own connection. */
    private readonly db: Database | QueryClientContract,
    private readonly transport: MessageTransport,
    options: Partial<RelayOptions> = {},
    private readonly onError: (error: unknown) => void = () => {},
    /** Commits announced by other processes (PostgreSQL LISTEN), when the database can. */
    private readonly commits?: CommitListener
  ) {
    this.options = { ...DEFAULT_RELAY_OPTIONS, ...options }
    if (this.options.retention)
      this.retention = new RetentionSweep(db, this.options.retention, onError)
  }

  start(): void {
    this.#stopped = false
    this.#stopping = false
    this.#timer = setInterval(() => this.wake(), this.options.pollMs)
    this.#timer.unref()
    this.commits?.start(() => this.wake()).catch((error) => this.onError(error))
    this.retention?.start()
    this.wake()
  }

  /** Finishes the event being published, gives the rest of the batch back, and returns. */
  async stop(): Promise<void> {
    this.#stopped = true
    this.#stopping = true
    clearInterval(this.#timer)
    await this.commits?.stop()
    await Promise.all([this.#running, this.retention?.stop()])
  }

  /** Started and not stopped: commits that wake it are relayed without a poll. */
  get running(): boolean {
    return !this.#stopped
  }

  /** Runs a pass now (or right after the one in progress). */
  wake(): void {
    if (this.#stopped) return
    if (this.#running) {
      this.#again = true
      return
    }
    // The pass serves every request's events: pantheon:relay.pass lets the telemetry keep it out
    // of their traces.
    const pass = relayPass.hasSubscribers ? traced(relayPass, {}, () => this.drain()) : this.drain()
    this.#running = pass
      .then(() => undefined)
      .catch((error) => this.onError(error))
      .finally(() => {
        this.#running = undefined
        if (this.#again) {
          this.#again = false
          this.wake()
        }
      })
  }

  /**
   * Delivers due rows until none is left; returns how many were sent. A pass ends early when the
   * relay is stopped (the rest waits in the outbox for the next start) and when a whole batch
   * failed: the transport is down, and the next wake or poll tries again after the backoff.
   */
  async drain(): Promise<number> {
    if (this.transport.publishesConcurrently) return this.drainPipelined()
    let sent = 0
    for (;;) {
      const rows = await this.claim()
      if (rows.length === 0) return sent
      const { delivered, untried } = await this.deliverOneByOne(rows)
      await this.markSent(delivered)
      if (untried.length > 0) await this.release(untried)
      sent += delivered.length
      if (this.#stopping || delivered.length === 0 || rows.length < this.options.batchSize)
        return sent
    }
  }

  /**
   * To a broker: a whole batch is published at once, and while the broker confirms it the next
   * batch is claimed and the previous one marked sent, so the database and the broker work at
   * the same time instead of taking turns.
   */
  private async drainPipelined(): Promise<number> {
    let sent = 0
    let marking: Promise<void> = Promise.resolve()
    let rows = await this.claim()
    while (rows.length > 0) {
      const publishing = Promise.all(rows.map((row) => this.deliver(row)))
      const last = rows.length < this.options.batchSize || this.#stopping
      const claiming = last ? Promise.resolve([]) : this.claim()
      // Awaited below; the guards keep an early failure from counting as unhandled meanwhile.
      claiming.catch(() => {})
      publishing.catch(() => {})
      const outcomes = await publishing
      const delivered = rows.filter((_, index) => outcomes[index]).map((row) => row.id)
      await marking
      marking = this.markSent(delivered)
      marking.catch(() => {})
      sent += delivered.length
      const next = await claiming
      if (next.length > 0 && (this.#stopping || delivered.length === 0)) {
        await this.release(next.map((row) => row.id))
        break
      }
      rows = next
    }
    await marking
    return sent
  }

  private async deliverOneByOne(
    rows: OutboxRow[]
  ): Promise<{ delivered: string[]; untried: string[] }> {
    const delivered: string[] = []
    let index = 0
    for (; index < rows.length && !this.#stopping; index++) {
      if (await this.deliver(rows[index])) delivered.push(rows[index].id)
    }
    return { delivered, untried: rows.slice(index).map((row) => row.id) }
  }

  /** One statement per batch: marking rows one by one would cost a round trip per event. */
  private async markSent(ids: string[]): Promise<void> {
    if (ids.length === 0) return
    await this.db
      .from(OUTBOX_TABLE)
      .whereIn('id', ids)
      .update({ status: 'sent', sent_at: new Date().toISOString(), claimed_until: null })
  }

  /** Gives back rows claimed but not tried, so the next relay need not wait for the lease. */
  private async release(ids: string[]): Promise<void> {
    await this.db.from(OUTBOX_TABLE).whereIn('id', ids).update({ claimed_until: null })
  }

  private async claim(): Promise<OutboxRow[]> {
    if (!relayClaim.hasSubscribers) return this.claimRows()
    const claim: RelayClaimMessage = {}
    const rows = await traced(relayClaim, claim, () => this.claimRows())
    for (const row of rows) row.claim = claim
    return rows
  }

  private async claimRows(): Promise<OutboxRow[]> {
    // Every module this relay could serve keeps its outbox in a database of its own.
    if (this.options.modules?.length === 0) return []
    const now = new Date()
    const leaseEnd = new Date(now.getTime() + this.options.leaseMs)
    // The database service's default connection, or the module's own connection it was given.
    const client = 'dialect' in this.db ? this.db : this.db.connection()
    return claimDueRows<OutboxRow>(client, this.options, now, leaseEnd)
  }

  private deliver(row: OutboxRow): Promise<boolean> {
    const stored = storedTraceContext(row)
    if (!relayPublish.hasSubscribers) return this.publish(row, stored)
    const message: RelayPublishMessage = {
      system: this.transport.name,
      module: moduleOfName(row.type),
      type: row.type,
      eventId: row.event_id ?? row.id,
      occurredAt: row.occurred_at,
      attempts: Number(row.attempts),
      storedTraceContext: stored,
      claim: row.claim,
    }
    // Consumers continue the trace from what a subscriber gives (the telemetry's publish span).
    return traced(relayPublish, message, () =>
      this.publish(row, message.traceContext ?? stored, message)
    )
  }

  private async publish(
    row: OutboxRow,
    traceContext?: TraceContext,
    observed?: RelayPublishMessage
  ): Promise<boolean> {
    try {
      // Read inside the try: a row whose payload is not JSON (written past Outbox.publish) fails
      // like a refused publish, its error kept in the row, instead of failing every pass.
      const event: IntegrationEvent<unknown> = {
        eventId: row.event_id ?? row.id,
        type: row.type,
        version: Number(row.version),
        occurredAt: new Date(row.occurred_at).toISOString(),
        correlationId: row.correlation_id ?? row.id,
        payload: JSON.parse(row.payload),
        ...(traceContext && { traceContext }),
        ...(row.actor_id && { actorId: row.actor_id }),
      }
      await this.transport.publish(event)
      return true
    } catch (error) {
      if (observed) observed.failure = error
      const attempts = Number(row.attempts) + 1
      await this.db
        .from(OUTBOX_TABLE)
        .where('id', row.id)
        .update({
          attempts,
          status: 'pending',
          next_attempt_at: new Date(Date.now() + this.options.backoffMs(attempts)).toISOString(),
          claimed_until: null,
          last_error: error instanceof Error ? error.message : String(error),
        })
      return false
    }
  }

  /** Makes failing rows due now instead of after their backoff (every failing row without ids). */
  async retry(ids?: string[]): Promise<number> {
    const query = this.db.from(OUTBOX_TABLE).whereNot('status', 'sent')
    if (ids) query.whereIn('id', ids)
    else query.where('attempts', '>', 0)
    const updated = await query.update({
      status: 'pending',
      attempts: 0,
      next_attempt_at: new Date().toISOString(),
      claimed_until: null,
    })
    this.wake()
    return affectedRows(updated)
  }
}

function storedTraceContext(row: OutboxRow): TraceContext | undefined {
  if (!row.traceparent) return undefined
  return row.tracestate
    ? { traceparent: row.traceparent, tracestate: row.tracestate }
    : { traceparent: row.traceparent }
}
