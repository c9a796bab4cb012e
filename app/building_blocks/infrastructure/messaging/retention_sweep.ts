import { setTimeout as sleep } from 'node:timers/promises'
import type { QueryClientContract } from '@adonisjs/lucid/types/database'
import { purgeProcessedInbox, purgeSentOutbox, type PurgeOutcome } from './message_purge.js'

/** How long the relay keeps what is done, and how often it removes what is older. */
export interface RetentionPolicy {
  /** Sent outbox rows older than this go; undefined keeps them. */
  outboxMs?: number
  /** Inbox records older than this go; undefined keeps them. */
  inboxMs?: number
  intervalMs: number
  batchSize: number
}

export interface SweepOutcome {
  outbox?: PurgeOutcome
  inbox?: PurgeOutcome
}

/** How long after start the first sweep waits, at most. */
const FIRST_SWEEP_AFTER_MS = 30_000

/**
 * The relay's retention: on a timer of its own, so the claim loop never waits for it, it purges
 * sent outbox rows and inbox records past their age in short batches (message_purge.ts), and
 * rests as long as each batch took before the next, so even the first sweep over millions of
 * rows takes at most half of the database's time from the relay and the requests. The first
 * sweep runs soon after start (FIRST_SWEEP_AFTER_MS, or one interval if shorter): a host
 * redeployed more often than the interval still sweeps, and a starting host first gets through
 * its own start (its migrations, a test run's truncation) without the sweep's transactions
 * beside them: swept at the very start, the first command of the PostgreSQL test run waited
 * out its 2 s connection acquire timeout.
 */
export class RetentionSweep {
  #timer?: NodeJS.Timeout
  #firstSweep?: NodeJS.Timeout
  #running?: Promise<SweepOutcome | undefined>
  #started = false
  /** Set by stop() only: a sweep run by hand goes to the end. */
  #stopping = false

  constructor(
    private readonly client: Pick<QueryClientContract, 'transaction'>,
    readonly policy: RetentionPolicy,
    private readonly onError: (error: unknown) => void = () => {}
  ) {}

  start(): void {
    this.#started = true
    this.#stopping = false
    this.#timer = setInterval(() => void this.sweepInBackground(), this.policy.intervalMs)
    this.#timer.unref()
    this.#firstSweep = setTimeout(
      () => void this.sweepInBackground(),
      Math.min(this.policy.intervalMs, FIRST_SWEEP_AFTER_MS)
    )
    this.#firstSweep.unref()
  }

  /** Lets the batch in flight finish, and the rest waits for the next start. */
  async stop(): Promise<void> {
    this.#started = false
    this.#stopping = true
    clearInterval(this.#timer)
    clearTimeout(this.#firstSweep)
    await this.#running
  }

  /** A sweep still running when the timer fires again is not doubled. */
  private sweepInBackground(): Promise<SweepOutcome | undefined> {
    if (!this.#started || this.#running) return Promise.resolve(undefined)
    this.#running = this.sweep()
      .catch((error) => {
        const reason = error instanceof Error ? error.message : String(error)
        this.onError(new Error(`outbox and inbox retention failed: ${reason}`, { cause: error }))
        return undefined
      })
      .finally(() => (this.#running = undefined))
    return this.#running
  }

  async sweep(): Promise<SweepOutcome> {
    const { outboxMs, inboxMs, batchSize } = this.policy
    const between = async (batchMs: number) => {
      if (!this.#stopping) await sleep(batchMs)
      return !this.#stopping
    }
    const outcome: SweepOutcome = {}
    if (outboxMs !== undefined) {
      outcome.outbox = await purgeSentOutbox(this.client, {
        olderThanMs: outboxMs,
        batchSize,
        between,
      })
    }
    if (inboxMs !== undefined && !this.#stopping) {
      outcome.inbox = await purgeProcessedInbox(this.client, {
        olderThanMs: inboxMs,
        batchSize,
        between,
      })
    }
    return outcome
  }
}
