/**
 * The public API of @pantheon/kit/persistence: named exports only, pinned by
 * tests/unit/kit/public_api.spec.ts (docs/architecture.md, "The public API").
 */
export { insertParts, loadParts, type PartTable, replaceParts } from './aggregate_parts.js'
export { beginConfirmed, commitConfirmed, inConfirmedTransaction } from './confirmed_commit.js'
export {
  ConcurrentUpdate,
  removeVersioned,
  saveVersioned,
  translateConcurrentUpdate,
  type VersionedRow,
} from './concurrent_update.js'
export { uniqueKeyTaken } from './constraint_violation.js'
export { databaseGate } from './database_gate.js'
export { assertReferencesExist, referenceGone, type EntityReference } from './entity_references.js'
export { ForeignKeySafeSchema } from './foreign_key_safe_schema.js'
export { CommitUnconfirmedError, translateDatabaseUnavailable } from './database_unavailable.js'
export { type ListedColumn, listPage } from './list_page.js'
export { LucidUnitOfWork } from './lucid_unit_of_work.js'
export { PreparedRead, type ReadQuery } from './prepared_read.js'
export {
  fromSqlDate,
  fromSqlDateTime,
  fromSqlJson,
  toSqlDate,
  toSqlDateTime,
  toSqlJson,
} from './sql_date_time.js'
export { cachePreparedStatements } from './sqlite_statement_cache.js'
export {
  type ConfigurableSqliteConnection,
  configureSqliteConnection,
} from './sqlite_connection.js'
export { postgresBounds, postgresConnection } from './postgres_bounds.js'
export { type WatchedPostgresClient, watchPostgresAnswers } from './postgres_answer_watchdog.js'
export type { UniqueKey } from './unique_key_taken.js'
