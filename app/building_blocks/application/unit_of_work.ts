import type { AggregateRoot } from '../domain/aggregate_root.js'
import type { Result } from './result.js'

/**
 * A module's transaction boundary. `run` commits when the work returns a success and rolls back
 * when it returns a failure or throws (the exception is rethrown after the rollback). After a
 * handler timeout (see pipeline/timeout_behavior.ts) it rolls back without waiting for the
 * handler that is still running.
 * Each module has its own, so one module's commit never saves another module's work.
 */
export interface UnitOfWork {
  run<T>(work: () => Promise<Result<T>>): Promise<Result<T>>
  /**
   * Remembers an aggregate saved in the current unit of work: its domain events are dispatched
   * before the commit. Repositories call it; outside a unit of work it does nothing.
   */
  track(aggregate: AggregateRoot<unknown>): void
}
