import type { QueryClientContract, TransactionClientContract } from '@adonisjs/lucid/types/database'
import { CommitUnconfirmedError, describesUnreachableDatabase } from './database_unavailable.js'

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
 * is: on PostgreSQL, a CommitUnconfirmedError (503 `Database.CommitUnconfirmed`), since the server
 * may have committed what it never confirmed.
 */
export async function commitConfirmed(transaction: TransactionClientContract): Promise<void> {
  try {
    await transaction.commit()
    await transaction.knexClient.executionPromise
  } catch (error) {
    // On PostgreSQL a COMMIT whose connection failed before its answer may still be run by the
    // server (one that stalled while running it completes it when it resumes), unless it never
    // went out: `pg` refuses a query on a connection already known to be lost. SQLite, in the
    // process, answers every COMMIT.
    if (
      transaction.dialect.name === 'postgres' &&
      describesUnreachableDatabase(error) &&
      !neverSent(error)
    ) {
      throw new CommitUnconfirmedError(error)
    }
    throw error
  }
}

/** `pg`'s refusal of a query on a client that already lost its connection: nothing was sent. */
function neverSent(error: unknown): boolean {
  return error instanceof Error && /is not queryable/.test(error.message)
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
