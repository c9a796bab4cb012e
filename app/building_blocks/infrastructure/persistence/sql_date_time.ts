import type { QueryClientContract } from '@adonisjs/lucid/types/database'
import { DateTime } from 'luxon'

/** The format Lucid's PostgreSQL dialect writes a datetime in (`dialect.dateTimeFormat`). */
const POSTGRES_FORMAT = "yyyy-MM-dd'T'HH:mm:ss.SSSZZ"

/** Dialects that keep datetimes as text: they get ISO 8601 UTC text, which sorts as time does. */
const TEXT_DIALECTS = new Set(['sqlite3', 'better-sqlite3', 'libsql'])

/**
 * A UTC instant as the value to write in a datetime column: ISO 8601 UTC text with
 * milliseconds on SQLite (`2026-01-15T23:30:00.000Z`), an explicit +00:00 offset for a
 * PostgreSQL timestamptz. Neither depends on the process's time zone. Other dialects get their
 * own format, in UTC.
 */
export function toSqlDateTime(client: QueryClientContract, instant: Date): string {
  const iso = instant.toISOString()
  if (TEXT_DIALECTS.has(client.dialect.name)) return iso
  const format = client.dialect.dateTimeFormat
  if (format === POSTGRES_FORMAT) return `${iso.slice(0, 23)}+00:00`
  return DateTime.fromJSDate(instant, { zone: 'utc' }).toFormat(format)
}

/**
 * Reads a datetime column: PostgreSQL's driver already returns a Date; SQLite returns text,
 * read as UTC whatever the process's zone (ISO text, or the `yyyy-MM-dd HH:mm:ss` UTC text
 * earlier versions wrote).
 */
export function fromSqlDateTime(value: Date | string): Date {
  if (value instanceof Date) return value
  return DateTime.fromISO(value.replace(' ', 'T'), { zone: 'utc' }).toJSDate()
}

/** A calendar date (a Date at midnight UTC) as `yyyy-MM-dd`, the same text on every database. */
export function toSqlDate(date: Date): string {
  return date.toISOString().slice(0, 10)
}

/**
 * Reads a date column as midnight UTC of the stored calendar date. SQLite returns the text;
 * PostgreSQL's driver returns a Date at midnight in the process's zone, so its local calendar
 * fields are the stored date.
 */
export function fromSqlDate(value: Date | string): Date {
  if (typeof value === 'string') return new Date(`${value.slice(0, 10)}T00:00:00.000Z`)
  return new Date(Date.UTC(value.getFullYear(), value.getMonth(), value.getDate()))
}

/** A JSON value as the text to store; no value (null or undefined) is SQL NULL, not `'null'`. */
export function toSqlJson(value: unknown): string | null {
  return value === null || value === undefined ? null : JSON.stringify(value)
}

/**
 * Reads a json column: SQLite returns the stored text, PostgreSQL's driver the parsed value
 * (so a JSON string stays a string there).
 */
export function fromSqlJson(client: QueryClientContract, value: unknown): unknown {
  if (value === null || value === undefined) return null
  return TEXT_DIALECTS.has(client.dialect.name) && typeof value === 'string'
    ? JSON.parse(value)
    : value
}
