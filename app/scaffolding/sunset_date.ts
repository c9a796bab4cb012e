import { dateTimeFromText } from '../building_blocks/application/validation/date_time_rule.js'

const CALENDAR_DATE = /^\d{4}-\d{2}-\d{2}$/

/**
 * The instant a `--sunset` names: a date (`2027-06-30`, midnight UTC) or an RFC 3339 date-time
 * (`2027-06-30T12:00:00+02:00`); undefined for anything else. Stricter than `new Date(text)`,
 * which reads "2027-02-30" as the 2nd of March and "1" as 2001.
 */
export function parseSunset(text: string): Date | undefined {
  const dateTime = CALENDAR_DATE.test(text) ? `${text}T00:00:00Z` : text
  try {
    return dateTimeFromText(dateTime)
  } catch {
    return undefined
  }
}

/**
 * When a deprecation declared `now` starts: now, or the sunset when that has passed already (a
 * version declared retired), since a Deprecation date after the Sunset would mean nothing.
 */
export function deprecatedSince(now: Date, sunset: Date | undefined): Date {
  return sunset !== undefined && sunset < now ? sunset : now
}
