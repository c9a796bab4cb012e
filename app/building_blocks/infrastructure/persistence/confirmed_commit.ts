import type { QueryClientContract, TransactionClientContract } from '@adonisjs/lucid/types/database'

/**
 * Opens a transaction, and resolves only once the database has confirmed its BEGIN.
 *
 * knex swallows a failed BEGIN (the pooled connection died on the way) the same way as a failed
 * COMMIT: it hands over a transaction that is already finished, whose first statement then fails
 * with "Transaction query already complete", an error that says nothing about the database being
 * gone. Awaiting the transaction's own promise surfaces the connection error that ended it.
 */
export async function beginConfirmed(
  client: Pick<QueryClientContract, 'transaction'>
): Promise<TransactionClientContract> {
  const transaction = await client.transaction()
  if (transaction.isCompleted) {
    await transaction.knexClient.executionPromise
    // A transaction can only finish before its first statement by failing; never hand it out.
    throw new Error('The database ended the transaction before its first statement')
  }
  return transaction
}

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
 * `client.transaction(work)` with a confirmed BEGIN and COMMIT: rolled back when `work` throws, committed
 * with `commitConfirmed` when it returns.
 */
export async function inConfirmedTransaction<T>(
  client: Pick<QueryClientContract, 'transaction'>,
  work: (transaction: TransactionClientContract) => Promise<T>
): Promise<T> {
  const transaction = await beginConfirmed(client)
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
