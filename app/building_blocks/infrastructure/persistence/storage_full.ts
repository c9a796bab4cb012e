import { AppError } from '../../application/app_error.js'

const STORAGE_FULL_CODE = 'Database.StorageFull'

/**
 * The errors of a database that has no room left for a write: SQLite's SQLITE_FULL (the disk
 * holding the database or its write-ahead log is full), PostgreSQL's 53100 disk_full ("could
 * not extend file"). Nothing of the write was stored: the transaction was rolled back.
 */
const STORAGE_FULL_CODES = new Set(['SQLITE_FULL', '53100'])

/** Whether an error, or one of the errors that caused it, is a write refused for lack of space. */
export function isStorageFull(error: unknown, depth = 0): boolean {
  if (!(error instanceof Error) || depth > 3) return false
  const code = (error as { code?: unknown }).code
  if (typeof code === 'string' && STORAGE_FULL_CODES.has(code)) return true
  return isStorageFull(error.cause, depth + 1)
}

/**
 * Recognises a write refused for lack of space, so callers answer 503 `Database.StorageFull`
 * (try again later) instead of a 500. Pure: the unit of work that saw the refusal marks the
 * storage full (storage_health.ts), once per refused write.
 */
export function translateStorageFull(error: unknown): AppError | undefined {
  if (!isStorageFull(error)) return undefined
  return AppError.unavailable(
    STORAGE_FULL_CODE,
    'The database has no room for this write, and nothing of it was stored: try again shortly'
  )
}
