import { AsyncLocalStorage } from 'node:async_hooks'
import type { Database } from '@adonisjs/lucid/database'
import type { QueryClientContract, TransactionClientContract } from '@adonisjs/lucid/types/database'
import type { Result } from '../../application/result.js'
import type { UnitOfWork } from '../../application/unit_of_work.js'

/**
 * A module's unit of work on Lucid. `run` opens a transaction and keeps it in async-local
 * storage so the module's repositories find it through `client()` without it being passed
 * around; the storage is per instance, so each module only ever sees its own transaction.
 */
export class LucidUnitOfWork implements UnitOfWork {
  readonly #transaction = new AsyncLocalStorage<TransactionClientContract>()

  constructor(
    private readonly db: Database,
    private readonly connectionName?: string
  ) {}

  /** The open transaction of the current unit of work, or a plain connection outside one. */
  client(): QueryClientContract {
    return this.#transaction.getStore() ?? this.db.connection(this.connectionName)
  }

  async run<T>(work: () => Promise<Result<T>>): Promise<Result<T>> {
    const transaction = await this.db.connection(this.connectionName).transaction()
    let result: Result<T>
    try {
      result = await this.#transaction.run(transaction, work)
    } catch (error) {
      await rollbackQuietly(transaction)
      throw error
    }
    if (result.ok) {
      await transaction.commit()
    } else {
      await transaction.rollback()
    }
    return result
  }
}

/** A failed rollback must not hide the error that caused it. */
async function rollbackQuietly(transaction: TransactionClientContract) {
  try {
    await transaction.rollback()
  } catch {}
}
