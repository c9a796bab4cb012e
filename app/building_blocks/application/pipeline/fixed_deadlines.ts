import { LinkedEntries, type LinkedEntry } from '../linked_entries.js'

/** A deadline set by `FixedDeadlines.set`; give it back to `clear` once the work is done. */
export interface Deadline {
  readonly at: number
}

/** A deadline while it waits, linked to its neighbours in the order deadlines were set. */
interface PendingDeadline extends Deadline, LinkedEntry<PendingDeadline> {
  readonly onExpire: () => void
}

/**
 * Deadlines that are all the same length, watched by a single timer. A timer per message costs
 * as much as the rest of a simple query's pipeline (Node reads the loop's clock for each one);
 * deadlines of one length expire in the order they were set, so one timer armed for the oldest
 * is enough. When nothing is pending the timer stays armed but unreferenced: it never holds a
 * process open, and a quick message (all of it within one tick) does not set a timer of its own.
 *
 * The pending deadlines form a linked list rather than a `Set` (see `LinkedEntries`): with a
 * `Set`, a full collection (10–14 ms pauses) ran every two to five seconds under load.
 *
 * A deadline is decided only after the event loop has read its sockets. Node runs due timers
 * before it polls for I/O, so when the process was held longer than `ms` (a long synchronous
 * stretch, a machine whose cores were all taken) the answer a deadline waits for may already
 * sit in a socket's buffer when the timer fires, unread only because the process was held.
 * The timer therefore only schedules the decision with `setImmediate`, which runs after that
 * poll: work that an answer already in a socket settles (in the socket's callback and the
 * promise reactions it starts) wins over its deadline. Whether that answer came before the
 * deadline or while the process was held cannot be told apart, and either way it is there.
 */
export class FixedDeadlines {
  readonly #pending = new LinkedEntries<PendingDeadline>()
  #timer: NodeJS.Timeout | undefined
  #timerHoldsProcess = false

  constructor(readonly ms: number) {}

  /** Calls `onExpire` once `ms` have passed, unless `clear` is called first. */
  set(onExpire: () => void): Deadline {
    const deadline = this.#pending.add({
      at: Date.now() + this.ms,
      onExpire,
      older: undefined,
      newer: undefined,
      linked: false,
    })
    // An armed timer fires no later than this deadline: it was set for an older one.
    if (this.#timer === undefined) this.#arm(this.ms)
    else if (!this.#timerHoldsProcess) this.#holdProcess(true)
    return deadline
  }

  /** Forgets the deadline; clearing one that expired or was cleared already does nothing. */
  clear(deadline: Deadline): void {
    const pending = deadline as PendingDeadline
    if (!pending.linked) return
    this.#pending.remove(pending)
    if (this.#pending.isEmpty && this.#timer !== undefined) this.#holdProcess(false)
  }

  #arm(delay: number) {
    // The timer stays recorded until the decision is made, so no deadline set in between arms
    // a second one.
    this.#timer = setTimeout(() => setImmediate(() => this.#expire()), delay)
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
    for (let deadline = this.#pending.oldest; deadline; deadline = this.#pending.oldest) {
      // Node's timer clock can run a little behind Date.now(): wait out the rest.
      if (deadline.at > now) return this.#arm(deadline.at - now)
      this.#pending.remove(deadline)
      deadline.onExpire()
    }
  }
}
