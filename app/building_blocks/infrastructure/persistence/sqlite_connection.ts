import { beginTransactionsImmediately } from './sqlite_immediate_transactions.js'
import { cachePreparedStatements, type SqliteConnection } from './sqlite_statement_cache.js'

/** What the set-up needs of a better-sqlite3 connection beyond preparing statements. */
export interface ConfigurableSqliteConnection extends SqliteConnection {
  pragma(sql: string): unknown
}

/**
 * Everything Pantheon sets on a new better-sqlite3 connection (config/database.ts calls it from
 * the pool's afterCreate), kept in the kit so that a fix here reaches every app with an upgrade.
 * Write-ahead logging: readers no longer wait for a writer, and a commit appends to the log
 * instead of rewriting the database file. Transactions take the write lock when they begin (see
 * sqlite_immediate_transactions.ts); prepared statements are kept per SQL text (see
 * sqlite_statement_cache.ts).
 */
export function configureSqliteConnection(connection: ConfigurableSqliteConnection) {
  connection.pragma('journal_mode = WAL')
  beginTransactionsImmediately(connection)
  cachePreparedStatements(connection)
}
