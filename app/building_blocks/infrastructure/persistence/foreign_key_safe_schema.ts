import { BaseSchema } from '@adonisjs/lucid/schema'
import type { QueryClientContract, TransactionClientContract } from '@adonisjs/lucid/types/database'

/**
 * A migration that changes a table other tables refer to by foreign key: the table of an
 * aggregate with parts, or of an entity others reference. add-migration writes it in place of
 * Lucid's BaseSchema for such a change.
 *
 * SQLite changes most columns by rebuilding the table: a copy, then a DROP of the old one. With
 * its foreign keys enforced, that DROP deletes every row of a part's table (ON DELETE CASCADE)
 * or is refused for a referenced row, and SQLite reads `PRAGMA foreign_keys` only outside a
 * transaction, so a migration inside Lucid's transaction cannot turn them off. This one turns
 * them off, runs in a transaction of its own, refuses to commit while `PRAGMA
 * foreign_key_check` finds a row that refers to nothing, and turns them on again. On
 * PostgreSQL it is an ordinary transaction.
 */
export class ForeignKeySafeSchema extends BaseSchema {
  /** The runner hands it a plain client: it opens its transaction itself. */
  static disableTransactions = true

  async execUp() {
    return this.inOwnTransaction(() => super.execUp())
  }

  async execDown() {
    return this.inOwnTransaction(() => super.execDown())
  }

  private async inOwnTransaction<T>(run: () => Promise<T>): Promise<T> {
    if (this.dryRun) return run()
    const outer: QueryClientContract = this.db
    const sqlite = outer.dialect.name === 'better-sqlite3' || outer.dialect.name === 'sqlite3'
    // One connection (knex's SQLite pool holds one): the pragma set here, outside any
    // transaction, holds for the transaction that follows on it.
    if (sqlite) await outer.rawQuery('PRAGMA foreign_keys = OFF')
    try {
      const transaction = await outer.transaction()
      this.db = transaction
      try {
        const result = await run()
        if (sqlite) await assertForeignKeysHold(transaction, this.file)
        await transaction.commit()
        return result
      } catch (error) {
        await transaction.rollback()
        throw error
      } finally {
        this.db = outer
      }
    } finally {
      if (sqlite) await outer.rawQuery('PRAGMA foreign_keys = ON')
    }
  }
}

/** Refuses a migration that leaves a row referring to a row that does not exist. */
async function assertForeignKeysHold(client: TransactionClientContract, file: string) {
  const broken = (await client.rawQuery('PRAGMA foreign_key_check')) as {
    table: string
    parent: string
  }[]
  if (broken.length === 0) return
  const first = broken[0]
  throw new Error(
    `${file} would leave ${broken.length} row(s) referring to nothing (the first in ${first.table}, to ${first.parent}): rolled back`
  )
}
