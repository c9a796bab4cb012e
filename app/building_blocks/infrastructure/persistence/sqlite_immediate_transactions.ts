import type { SqliteConnection } from './sqlite_statement_cache.js'

/** knex opens every SQLite transaction with exactly this text (its sqlite3 transaction class). */
const DEFERRED_BEGIN = /^\s*BEGIN\s*;?\s*$/i

/**
 * Makes knex's transactions on a better-sqlite3 connection take the write lock when they begin
 * (`BEGIN IMMEDIATE`). A deferred transaction reads first and asks for the lock at its first
 * write; if another process committed in between, SQLite cannot let it write on its old
 * snapshot and fails it at once with "database is locked", without waiting the busy timeout.
 * With an outbox relay in its own process next to the host, a few of those happened every
 * second. An immediate transaction waits its turn (the busy timeout) and then always commits.
 */
export function beginTransactionsImmediately(connection: SqliteConnection) {
  const prepare = connection.prepare.bind(connection)
  connection.prepare = (sql: string) => prepare(DEFERRED_BEGIN.test(sql) ? 'BEGIN IMMEDIATE;' : sql)
}
