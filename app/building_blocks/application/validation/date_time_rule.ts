import vine from '@vinejs/vine'
import { messages } from '@vinejs/vine/defaults'
import type { FieldContext } from '@vinejs/vine/types'

/*
 * VineJS's `vine.date({ formats: { utc: true, format: 'iso8601' } })` takes whatever the Date
 * parser reads: "1" was 2001-01-01, "2026-02-30" the 2nd of March, a number a timestamp. No API
 * document can state that, and such values are stored silently. This rule takes exactly an
 * RFC 3339 date-time with its offset, what JSON Schema's `format: date-time` means; the
 * `pattern` pins the syntax validators read loosely (a space for the `T`, `+0200`, a leap
 * second, which a JavaScript Date cannot hold). It keeps VineJS's error code and message.
 */

/**
 * The RFC 3339 syntax taken, as the API documents state it (JSON Schema has no flags). Hours
 * and minutes are bounded here too: validators read `format: date-time` as allowing a leap
 * second, and some (ajv-formats) then take `25:61:00+02:02`, which is 23:59 UTC by its
 * arithmetic.
 */
const DATE_TIME_PATTERN =
  '^[0-9]{4}-[0-9]{2}-[0-9]{2}[Tt](?:[01][0-9]|2[0-3]):[0-5][0-9]:[0-5][0-9](?:\\.[0-9]+)?(?:[Zz]|[+-](?:[01][0-9]|2[0-3]):[0-5][0-9])$'

const DATE_TIME = new RegExp(DATE_TIME_PATTERN)
/** The numbers of a text DATE_TIME matched: date, time, fraction, offset. */
const PARTS = /^(\d+)-(\d+)-(\d+).(\d+):(\d+):(\d+)(?:\.(\d+))?(?:[Zz]|([+-])(\d+):(\d+))$/

/** The instant of an RFC 3339 date-time, or undefined when the text is not one. */
function parseDateTime(text: string): Date | undefined {
  const parts = DATE_TIME.test(text) ? PARTS.exec(text) : null
  if (!parts) return undefined
  const [year, month, day, hour, minute, second] = parts.slice(1, 7).map(Number)
  const [fraction = '', sign, offsetHour = '0', offsetMinute = '0'] = parts.slice(7)
  if (hour > 23 || minute > 59 || Number(offsetHour) > 23 || Number(offsetMinute) > 59) {
    return undefined
  }
  const offset = (sign === '-' ? -1 : 1) * (Number(offsetHour) * 60 + Number(offsetMinute))
  // setUTCFullYear, unlike Date.UTC, keeps the years 0 to 99 as they are.
  const date = new Date(0)
  date.setUTCFullYear(year, month - 1, day)
  // A day past the month's end rolls over into the next month: not a date.
  if (date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return undefined
  // A Date holds milliseconds: further digits are dropped.
  date.setUTCHours(hour, minute - offset, second, Number(fraction.padEnd(3, '0').slice(0, 3)))
  return date
}

const dateTimeTextRule = vine.createRule(
  (value: unknown, _options: undefined, field: FieldContext) => {
    if (typeof value !== 'string' || !field.isValid) return
    if (!parseDateTime(value)) field.report(messages.date, 'date', field)
  },
  {
    name: 'dateTime',
    toJSONSchema: (schema) => {
      schema.format = 'date-time'
      schema.pattern = DATE_TIME_PATTERN
    },
  }
)

/** `vine.string().use(dateTimeText())`: an RFC 3339 date-time, `2026-12-01T10:00:00Z`. */
export function dateTimeText() {
  return dateTimeTextRule()
}

/** The instant of a text `dateTimeText()` took: `.transform(dateTimeFromText)`. */
export function dateTimeFromText(text: string): Date {
  const date = parseDateTime(text)
  if (!date) throw new TypeError(`"${text}" is not an RFC 3339 date-time`)
  return date
}
