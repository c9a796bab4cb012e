import { AppError } from '../../application/app_error.js'
import { DatabaseNotReadyError } from './database_gate.js'

const DATABASE_UNAVAILABLE_CODE = 'Database.Unavailable'
const COMMIT_UNCONFIRMED_CODE = 'Database.CommitUnconfirmed'

/**
 * A COMMIT whose answer never came: the connection failed after it was sent, or while it waited
 * to be (a stalled server, a network partition). The server may have begun to run it before it
 * stalled, and then completes it when it resumes: whether the transaction was committed is not
 * known here.
 */
export class CommitUnconfirmedError extends Error {
  override readonly name = 'CommitUnconfirmedError'

  constructor(cause: unknown) {
    super('The database did not confirm the COMMIT: the transaction may or may not be committed', {
      cause,
    })
  }
}

/** Network and server-state errors that mean "the database cannot be reached right now". */
const UNREACHABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ENOTFOUND',
  'EAI_AGAIN',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EPIPE',
  // PostgreSQL SQLSTATE classes 08 (connection exception) and 57P (operator intervention)
  '08000',
  '08001',
  '08003',
  '08004',
  '08006',
  '57P01',
  '57P02',
  '57P03',
  // A statement cancelled by statement_timeout, a session ended by the idle-in-transaction
  // timeout (postgres_bounds.ts): the server is too slow or was stalled
  '57014',
  '25P03',
  // The database named in the URL does not exist, or the login is refused
  '3D000',
  '28000',
  '28P01',
  // SQLite cannot open or lock its file
  'SQLITE_CANTOPEN',
  'SQLITE_BUSY',
  'SQLITE_IOERR',
  'SQLITE_READONLY',
])

const UNREACHABLE_MESSAGES = [
  /Connection terminated/i,
  /timeout exceeded when trying to connect/i,
  /Knex: Timeout acquiring a connection/i,
  /Client has encountered a connection error/i,
  /unable to open database file/i,
  /Cannot open database because the directory does not exist/i,
]

/** The error, or the first of those that caused it (four levels deep), that `matches`. */
function foundInCauses(
  error: unknown,
  matches: (error: Error) => boolean,
  depth = 0
): Error | undefined {
  if (!(error instanceof Error) || depth > 3) return undefined
  if (matches(error)) return error
  const nested = error instanceof AggregateError ? error.errors : [error.cause]
  for (const inner of nested) {
    const found = foundInCauses(inner, matches, depth + 1)
    if (found) return found
  }
  return undefined
}

/** Whether this error itself, leaving its causes aside, says the database cannot be reached. */
function saysUnreachable(error: Error): boolean {
  if (error.name === 'KnexTimeoutError' || error instanceof DatabaseNotReadyError) return true
  const code = (error as { code?: unknown }).code
  if (
    typeof code === 'string' &&
    (UNREACHABLE_CODES.has(code) || code.startsWith('SQLITE_IOERR'))
  ) {
    return true
  }
  return UNREACHABLE_MESSAGES.some((pattern) => pattern.test(error.message))
}

export function describesUnreachableDatabase(error: unknown): boolean {
  return foundInCauses(error, saysUnreachable) !== undefined
}

/**
 * Recognises a database that is down, unreachable or misconfigured, so callers answer
 * 503 `Database.Unavailable` instead of a 500, and retry later without a restart; 503
 * `Database.CommitUnconfirmed` when it went away with a COMMIT unanswered (the change may have
 * been stored: nothing else can be promised).
 */
export function translateDatabaseUnavailable(error: unknown): AppError | undefined {
  if (!describesUnreachableDatabase(error)) return undefined
  if (foundInCauses(error, (cause) => cause instanceof CommitUnconfirmedError)) {
    return AppError.unavailable(
      COMMIT_UNCONFIRMED_CODE,
      'The database did not confirm the change, which may or may not have been stored: read it back before sending it again'
    )
  }
  // A host that is still migrating its database at start, or has not reached it yet, says so:
  // "cannot be reached" would send whoever reads it to look for a fault that is not there.
  const notReady = foundInCauses(error, (cause) => cause instanceof DatabaseNotReadyError)
  return AppError.unavailable(
    DATABASE_UNAVAILABLE_CODE,
    notReady
      ? `${notReady.message}; try again shortly`
      : 'The database cannot be reached right now; try again shortly'
  )
}
