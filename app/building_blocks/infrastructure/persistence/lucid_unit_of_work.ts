import { AsyncLocalStorage } from 'node:async_hooks'
import type { Database } from '@adonisjs/lucid/database'
import type { QueryClientContract, TransactionClientContract } from '@adonisjs/lucid/types/database'
import type { AggregateRoot } from '../../domain/aggregate_root.js'
import { DomainEventDispatcher } from '../../application/domain_events.js'
import { isTimeout } from '../../application/pipeline/timeout_behavior.js'
import type { Result } from '../../application/result.js'
import type { UnitOfWork } from '../../application/unit_of_work.js'
import { traced, unitOfWorkCommit } from '../diagnostics/channels.js'
import { beginConfirmed, commitConfirmed, rollbackQuietly } from './confirmed_commit.js'
import { databaseGate } from './database_gate.js'
import { storageHealth } from './storage_health.js'
import { isStorageFull } from './storage_full.js'

interface OpenUnit {
  transaction: TransactionClientContract
  aggregates: Set<AggregateRoot<unknown>>
}

/**
 * A module's unit of work on Lucid. `run` opens a transaction and keeps it in async-local
 * storage so the module's repositories find it through `client()` without it being passed
 * around; the storage is per instance, so each module only ever sees its own transaction.
 */
export class LucidUnitOfWork implements UnitOfWork {
  readonly #unit = new AsyncLocalStorage<OpenUnit>()
  /** The innermost open transaction of any module: what the host's outbox writes into. */
  static readonly #anyOpen = new AsyncLocalStorage<TransactionClientContract>()

  static currentTransaction(): TransactionClientContract | undefined {
    return LucidUnitOfWork.#anyOpen.getStore()
  }

  constructor(
    private readonly db: Database,
    /** The module's domain event handlers, run before each commit. */
    readonly domainEvents = new DomainEventDispatcher(),
    private readonly connectionName?: string
  ) {}

  /** The open transaction of the current unit of work, or a plain connection outside one. */
  client(): QueryClientContract {
    databaseGate.assertOpen()
    return this.#unit.getStore()?.transaction ?? this.db.connection(this.connectionName)
  }

  track(aggregate: AggregateRoot<unknown>): void {
    this.#unit.getStore()?.aggregates.add(aggregate)
  }

  async run<T>(work: () => Promise<Result<T>>): Promise<Result<T>> {
    databaseGate.assertOpen()
    const transaction = await beginConfirmed(this.db.connection(this.connectionName))
    const unit: OpenUnit = { transaction, aggregates: new Set() }
    let result: Result<T>
    try {
      result = await LucidUnitOfWork.#anyOpen.run(transaction, () =>
        this.#unit.run(unit, async () => {
          const outcome = await work()
          // Handlers run inside the unit, so their writes join this transaction.
          if (outcome.ok) await this.domainEvents.dispatchFrom(unit.aggregates)
          return outcome
        })
      )
    } catch (error) {
      await rollbackQuietly(transaction)
      throw noticeFullStorage(error)
    }
    if (result.ok) {
      try {
        if (unitOfWorkCommit.hasSubscribers)
          await traced(unitOfWorkCommit, {}, () => commitConfirmed(transaction))
        else await commitConfirmed(transaction)
      } catch (error) {
        throw noticeFullStorage(error)
      }
      storageHealth.reportWritten()
    } else if (isTimeout(result)) {
      // The handler is still running and may have a query in flight on this connection (a lock
      // wait, a stalled server): the ROLLBACK queues behind it, so the answer must not wait for
      // it. Issuing it marks the transaction finished at once, so no later write can commit.
      void rollbackQuietly(transaction)
    } else {
      await transaction.rollback()
    }
    return result
  }
}

/** Marks the storage full when a write was refused for lack of space, for readiness and recovery. */
function noticeFullStorage(error: unknown): unknown {
  if (isStorageFull(error)) storageHealth.reportFull()
  return error
}
