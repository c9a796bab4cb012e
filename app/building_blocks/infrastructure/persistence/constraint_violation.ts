import { AppError } from '../../application/app_error.js'
import { ExplainedRefusal } from './explained_refusal.js'
import { UniqueKeyTaken, type UniqueKey } from './unique_key_taken.js'

/** A write the database refused for a unique or foreign-key constraint, as far as it says. */
interface ConstraintViolation {
  kind: 'unique' | 'foreignKey'
  /** The constraint or index (PostgreSQL names it; SQLite only for an index on expressions). */
  constraint?: string
  table?: string
  /**
   * The columns of a unique key, or of a foreign key whose referenced row is missing, when the
   * database names them.
   */
  columns?: string[]
}

/** PostgreSQL's SQLSTATEs and SQLite's extended result codes (better-sqlite3 reports those). */
const KINDS: Record<string, ConstraintViolation['kind']> = {
  '23505': 'unique',
  '23503': 'foreignKey',
  'SQLITE_CONSTRAINT_UNIQUE': 'unique',
  'SQLITE_CONSTRAINT_PRIMARYKEY': 'unique',
  'SQLITE_CONSTRAINT_FOREIGNKEY': 'foreignKey',
}

/** SQLite says which columns: "UNIQUE constraint failed: shop_customers.email, shop_customers.code". */
const SQLITE_UNIQUE = /UNIQUE constraint failed: (.+)$/m

function fromSqlite(kind: ConstraintViolation['kind'], message: string): ConstraintViolation {
  const failed = SQLITE_UNIQUE.exec(message)?.[1]?.trim()
  if (kind !== 'unique' || failed === undefined) return { kind }
  const index = /^index '(.+)'$/.exec(failed)
  if (index) return { kind, constraint: index[1] }
  const columns = failed.split(',').map((qualified) => qualified.trim().split('.'))
  return { kind, table: columns[0][0], columns: columns.map((parts) => parts.at(-1)!) }
}

/** The fields of node-postgres's DatabaseError this reads. */
interface PostgresFields {
  constraint?: unknown
  table?: unknown
  detail?: unknown
}

/** PostgreSQL names the constraint and the table; the columns are in the detail, in English. */
function fromPostgres(
  kind: ConstraintViolation['kind'],
  error: PostgresFields
): ConstraintViolation {
  const violation: ConstraintViolation = { kind }
  if (typeof error.constraint === 'string') violation.constraint = error.constraint
  if (typeof error.table === 'string') violation.table = error.table
  const detail = typeof error.detail === 'string' ? error.detail : ''
  const key = /^Key \((.+?)\)=/.exec(detail)
  // A foreign key names its columns both ways; only "is not present" is the referring row's.
  const named = kind === 'unique' || /is not present in table/.test(detail)
  if (key && named) violation.columns = key[1].split(',').map((name) => name.trim())
  return violation
}

/**
 * The unique or foreign-key violation an error reports, or one of the errors that caused it;
 * undefined for any other error, and for a refusal a repository explained already (its own
 * translator answers it). The node `sqlite3` driver's plain `SQLITE_CONSTRAINT` is read from
 * its message.
 */
function constraintViolation(error: unknown, depth = 0): ConstraintViolation | undefined {
  if (!(error instanceof Error) || error instanceof ExplainedRefusal || depth > 3) return undefined
  const code = (error as { code?: unknown }).code
  if (typeof code === 'string') {
    const kind =
      KINDS[code] ??
      (code === 'SQLITE_CONSTRAINT' && SQLITE_UNIQUE.test(error.message) ? 'unique' : undefined) ??
      (code === 'SQLITE_CONSTRAINT' && /FOREIGN KEY constraint failed/.test(error.message)
        ? 'foreignKey'
        : undefined)
    if (kind && code.startsWith('SQLITE')) return fromSqlite(kind, error.message)
    if (kind) return fromPostgres(kind, error as PostgresFields)
  }
  return constraintViolation(error.cause, depth + 1)
}

/** Whether the error, or one that caused it, is a foreign-key violation. */
export function isForeignKeyViolation(error: unknown): boolean {
  return constraintViolation(error)?.kind === 'foreignKey'
}

/**
 * The columns of a write's foreign key whose referenced row does not exist, when the database
 * names them (PostgreSQL does; SQLite never does); undefined for any other error.
 */
export function missingReferenceColumns(error: unknown): string[] | undefined {
  const violation = constraintViolation(error)
  return violation?.kind === 'foreignKey' ? violation.columns : undefined
}

/**
 * The key of `keys` whose value a write found taken in `table`, as the error to throw in place of
 * the database's, or undefined when the error is not about one of them. The index is recognised
 * by its name (PostgreSQL) or by its table and column (SQLite), so one renamed by hand in a
 * migration is still recognised on SQLite and on a PostgreSQL that answers in English.
 *
 *   catch (error) {
 *     throw uniqueKeyTaken(error, CUSTOMERS_TABLE, CUSTOMER_UNIQUE_KEYS) ?? error
 *   }
 */
export function uniqueKeyTaken(
  error: unknown,
  table: string,
  keys: readonly UniqueKey[]
): UniqueKeyTaken | undefined {
  const violation = constraintViolation(error)
  if (violation?.kind !== 'unique') return undefined
  const key = keys.find(
    (candidate) =>
      candidate.index === violation.constraint ||
      (violation.table === table &&
        violation.columns?.length === 1 &&
        violation.columns[0] === candidate.column)
  )
  return key && new UniqueKeyTaken(key.code, key.field, key.message, { cause: error })
}

/**
 * A write refused for a unique or foreign-key constraint is a conflict with what is stored, not
 * a fault of the service: 409 `Conflict`, never 500, for any index or key, written by hand or
 * generated. A generated repository's `UniqueKeyTaken` names the key and the field
 * (`Customer.EmailTaken`); any other unique violation answers `Database.UniqueViolation`, a
 * foreign key `Database.ForeignKeyViolation`. Nothing of the database's message is sent: it
 * names tables and values.
 */
export function translateConstraintViolation(error: unknown): AppError | undefined {
  if (error instanceof UniqueKeyTaken) {
    return AppError.conflict(error.code, error.message, [
      { field: error.field, code: error.code, message: error.message },
    ])
  }
  const violation = constraintViolation(error)
  if (violation?.kind === 'unique') {
    return AppError.conflict(
      'Database.UniqueViolation',
      'A value of this request is stored already where it must be unique'
    )
  }
  if (violation?.kind === 'foreignKey') {
    return AppError.conflict(
      'Database.ForeignKeyViolation',
      'This request would break a reference between stored records: the record referred to does not exist, or another record still refers to this one'
    )
  }
  return undefined
}
