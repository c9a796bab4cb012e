import type { QueryClientContract } from '@adonisjs/lucid/types/database'
import { DateTime } from 'luxon'

/** The two formats Lucid's dialects write a datetime in (`dialect.dateTimeFormat`). */
const SQLITE_FORMAT = 'yyyy-MM-dd HH:mm:ss'
const POSTGRES_FORMAT = "yyyy-MM-dd'T'HH:mm:ss.SSSZZ"

/**
 * A UTC instant as the text a Lucid model's `@column.dateTime` writes for this connection:
 * the same string, built from `toISOString()` instead of a luxon DateTime and its formatter
 * (about as costly as the rest of an insert's JavaScript). Other dialects go through luxon.
 */
export function toSqlDateTime(client: QueryClientContract, instant: Date): string {
  const format = client.dialect.dateTimeFormat
  const iso = instant.toISOString()
  if (format === SQLITE_FORMAT) return `${iso.slice(0, 10)} ${iso.slice(11, 19)}`
  if (format === POSTGRES_FORMAT) return `${iso.slice(0, 23)}+00:00`
  return DateTime.fromJSDate(instant, { zone: 'utc' }).toFormat(format)
}

/**
 * Reads a datetime column the way a Lucid model's `@column.dateTime` does: PostgreSQL's driver
 * already returns a Date; SQLite returns text, read as SQL time in the process's zone.
 */
export function fromSqlDateTime(value: Date | string): Date {
  return value instanceof Date ? value : DateTime.fromSQL(value).toJSDate()
}
