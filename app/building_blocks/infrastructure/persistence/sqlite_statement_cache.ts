/** What the cache needs of a better-sqlite3 statement and connection. */
interface Statement {
  safeIntegers(toggle?: boolean): unknown
}
export interface SqliteConnection {
  prepare(sql: string): Statement
}

/** Distinct SQL texts kept prepared per connection; the least recently used is dropped first. */
const STATEMENT_CACHE_SIZE = 500

/**
 * Makes a better-sqlite3 connection hand out one prepared statement per SQL text. knex prepares
 * every query anew; each statement is a native object that only a full garbage collection
 * frees, so under load they piled up in the old generation and forced a full collection every
 * second or two (docs/performance.md). A statement may be run again with other bindings, and
 * SQLite re-prepares it itself when the schema changes.
 */
export function cachePreparedStatements(connection: SqliteConnection, size = STATEMENT_CACHE_SIZE) {
  const prepare = connection.prepare.bind(connection)
  const statements = new Map<string, Statement>()
  connection.prepare = (sql: string) => {
    const cached = statements.get(sql)
    if (cached) {
      statements.delete(sql)
      statements.set(sql, cached)
      // knex turns safe integers on per query when asked; the next query starts from the
      // connection's default (off: Pantheon never changes it).
      cached.safeIntegers(false)
      return cached
    }
    const statement = prepare(sql)
    if (statements.size >= size) statements.delete(statements.keys().next().value!)
    statements.set(sql, statement)
    return statement
  }
}
