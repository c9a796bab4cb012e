/** A deadline set by `FixedDeadlines.set`; give it back to `clear` once the work is done. */
export interface Deadline {
  readonly at: number
}

/** A deadline while it waits, linked to its neighbours in the order deadlines were set. */
interface PendingDeadline extends Deadline {
  readonly onExpire: () => void
  older: PendingDeadline | undefined
  newer: PendingDeadline | undefined
  pending: boolean
}

/**
 * Deadlines that are all the same length, watched by a single timer. A timer per message costs
 * as much as the rest of a simple query's pipeline (Node reads the loop's clock for each one);
 * deadlines of one length expire in the order they were set, so one timer armed for the oldest
 * is enough. When nothing is pending the timer stays armed but unreferenced: it never holds a
 * process open, and a quick message (all of it within one tick) does not set a timer of its own.
 *
 * The pending deadlines form a linked list rather than a `Set`. This object lives as long as the
 * process, so its `Set` would sit in V8's old generation, and V8 allocates each table a `Set`
 * rehashes into where the previous one was: under load, a `Set` with a deadline added and removed
 * per message filled the old generation with discarded tables, and a full collection (10–14 ms
 * pauses) ran every two to five seconds. The list allocates nothing but the deadlines themselves,
 * which die young.
 */
export class FixedDeadlines {
  #oldest: PendingDeadline | undefined
  #newest: PendingDeadline | undefined
  #timer: NodeJS.Timeout | undefined
  #timerHoldsProcess = false

  constructor(readonly ms: number) {}

  /** Calls `onExpire` once `ms` have passed, unless `clear` is called first. */
  set(onExpire: () => void): Deadline {
    const deadline: PendingDeadline = {
      at: Date.now() + this.ms,
      onExpire,
      older: this.#newest,
      newer: undefined,
      pending: true,
    }
    if (this.#newest) this.#newest.newer = deadline
    else this.#oldest = deadline
    this.#newest = deadline
    // An armed timer fires no later than this deadline: it was set for an older one.
    if (this.#timer === undefined) this.#arm(this.ms)
    else if (!this.#timerHoldsProcess) this.#holdProcess(true)
    return deadline
  }

  /** Forgets the deadline; clearing one that expired or was cleared already does nothing. */
  clear(deadline: Deadline): void {
    const pending = deadline as PendingDeadline
    if (!pending.pending) return
    this.#unlink(pending)
    if (this.#oldest === undefined && this.#timer !== undefined) this.#holdProcess(false)
  }

  #unlink(deadline: PendingDeadline) {
    deadline.pending = false
    if (deadline.older) deadline.older.newer = deadline.newer
    else this.#oldest = deadline.newer
    if (deadline.newer) deadline.newer.older = deadline.older
    else this.#newest = deadline.older
    // A finished deadline must not keep its neighbours (and their requests) reachable.
    deadline.older = undefined
    deadline.newer = undefined
  }

  #arm(delay: number) {
    this.#timer = setTimeout(() => this.#expire(), delay)
    this.#timerHoldsProcess = true
  }

  #holdProcess(hold: boolean) {
    if (hold) this.#timer!.ref()
    else this.#timer!.unref()
    this.#timerHoldsProcess = hold
  }

  #expire() {
    this.#timer = undefined
    const now = Date.now()
    for (let deadline = this.#oldest; deadline; deadline = this.#oldest) {
      // Node's timer clock can run a little behind Date.now(): wait out the rest.
      if (deadline.at > now) return this.#arm(deadline.at - now)
      this.#unlink(deadline)
      deadline.onExpire()
    }
  }
}
