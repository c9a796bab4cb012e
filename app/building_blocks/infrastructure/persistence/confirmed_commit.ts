import type { QueryClientContract, TransactionClientContract } from '@adonisjs/lucid/types/database'

/**
 * Commits, and resolves only once the database has confirmed the COMMIT.
 *
 * knex resolves `commit()` even when the COMMIT fails (the connection was lost on the way, the
 * server was killed): the failure only rejects the transaction's own promise. Lucid's
 * `commit()` and `db.transaction(callback)` inherit that, so a change could be acknowledged
 * that was never stored. Awaiting that promise as well turns the lost COMMIT into the error it
 * is (which the database-unavailable translation answers with 503).
 */
export async function commitConfirmed(transaction: TransactionClientContract): Promise<void> {
  await transaction.commit()
  await transaction.knexClient.executionPromise
}

/**
 * `client.transaction(work)` with a confirmed commit: rolled back when `work` throws, committed
 * with `commitConfirmed` when it returns.
 */
export async function inConfirmedTransaction<T>(
  client: Pick<QueryClientContract, 'transaction'>,
  work: (transaction: TransactionClientContract) => Promise<T>
): Promise<T> {
  const transaction = await client.transaction()
  let result: T
  try {
    result = await work(transaction)
  } catch (error) {
    await rollbackQuietly(transaction)
    throw error
  }
  await commitConfirmed(transaction)
  return result
}

/** A failed rollback must not hide the error that caused it. */
export async function rollbackQuietly(transaction: TransactionClientContract): Promise<void> {
  try {
    await transaction.rollback()
  } catch {}
}
