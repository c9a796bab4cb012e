import type { QueryClientContract } from '@adonisjs/lucid/types/database'

/** The PostgreSQL channel a commit that wrote to the outbox is announced on. */
export const OUTBOX_CHANNEL = 'pantheon_outbox'

/**
 * Announces, inside the transaction, that it wrote to the outbox. PostgreSQL delivers a
 * notification only when its transaction commits (and never after a rollback), which is
 * exactly when a relay in another process should look (see PostgresCommitListener).
 */
export async function announceOutboxWrite(transaction: QueryClientContract): Promise<void> {
  await transaction.rawQuery('select pg_notify(?, ?)', [OUTBOX_CHANNEL, ''])
}
