import { AppError } from '../app_error.js'
import type { Message } from '../messages.js'
import { failure, type Failure, type Result } from '../result.js'
import { FixedDeadlines } from './fixed_deadlines.js'
import type { NextStep, PipelineBehavior } from './pipeline_behavior.js'

const HANDLER_TIMEOUT_CODE = 'Handler.Timeout'
export const DEFAULT_HANDLER_TIMEOUT_MS = 10_000

/** How work that was already answered with a timeout ended, once it did. */
export type LateOutcome =
  | { readonly message: Message; readonly result: Result<unknown> }
  | { readonly message: Message; readonly error: unknown }

/** Receives what the client never saw: the result or the error of work that timed out. */
export type LateOutcomeReporter = (outcome: LateOutcome) => void

/** The failures this behavior made: their work may still be running when they are returned. */
const timeouts = new WeakSet<Failure>()

/**
 * True for the failure of a handler that outlived its time. Its work may still be running, so
 * whoever holds its resources (the unit of work's transaction) must give them up without
 * waiting for it.
 */
export function isTimeout(result: Result<unknown>): boolean {
  return !result.ok && timeouts.has(result)
}

/**
 * Answers with a `Handler.Timeout` failure (503) when the handler has not finished within
 * `timeoutMs`. JavaScript cannot stop the handler, so it runs on: placed inside the unit of work,
 * the failure makes the unit roll back, and its later writes then fail on the finished
 * transaction instead of being committed. Whatever the handler ends with later goes to
 * `reportLate`, never to an unhandled rejection.
 */
export class TimeoutBehavior implements PipelineBehavior {
  readonly #deadlines: FixedDeadlines

  constructor(
    readonly timeoutMs: number,
    private readonly reportLate: LateOutcomeReporter
  ) {
    if (!Number.isInteger(timeoutMs) || timeoutMs <= 0) {
      throw new RangeError(
        `The handler timeout must be a whole number of milliseconds above 0 (got ${timeoutMs})`
      )
    }
    this.#deadlines = new FixedDeadlines(timeoutMs)
  }

  handle(message: Message, next: NextStep): Promise<Result<unknown>> {
    const work = start(message, next)
    return new Promise((resolve, reject) => {
      const deadline = this.#deadlines.set(() => resolve(this.abandon(message, work)))
      // Once the deadline has answered, these calls are no-ops: the first settlement wins.
      work.then(
        (result) => {
          this.#deadlines.clear(deadline)
          resolve(result)
        },
        (error) => {
          this.#deadlines.clear(deadline)
          reject(error)
        }
      )
    })
  }

  private abandon(message: Message, work: Promise<Result<unknown>>): Failure {
    work.then(
      (result) => this.reportLate({ message, result }),
      (error) => this.reportLate({ message, error })
    )
    const timedOut = failure(
      AppError.unavailable(
        HANDLER_TIMEOUT_CODE,
        `Handling the request took longer than ${this.timeoutMs} ms and was abandoned; try again later`
      )
    )
    timeouts.add(timedOut)
    return timedOut
  }
}

/**
 * The handler's work as a promise, even when it throws before returning one. Not an async
 * function: one that returns a promise settles a microtask or two after it, through a promise of
 * its own, and this runs for every command and query (docs/performance.md).
 */
function start(message: Message, next: NextStep): Promise<Result<unknown>> {
  try {
    return Promise.resolve(next(message))
  } catch (error) {
    return Promise.reject(error)
  }
}
