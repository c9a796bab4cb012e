import vine from '@vinejs/vine'
import { messages } from '@vinejs/vine/defaults'
import type { FieldContext } from '@vinejs/vine/types'
import BigNumber from 'bignumber.js'

/*
 * VineJS rules for payload schemas. Commands have the same rules in the application building
 * blocks, but a contract may import nothing beyond the integration blocks (it is what other
 * modules compile against), so the few a payload needs are here too, with the same names,
 * error codes and messages: a payload is refused exactly where its command would be.
 * tests/unit/integration/payload_rules.spec.ts holds both copies to the same answers.
 */

/** Code points, as JSON Schema and PostgreSQL count characters; `length` counts UTF-16 units. */
const characters = (text: string) => [...text].length

const maxCharactersRule = vine.createRule(
  (value: unknown, options: { max: number }, field: FieldContext) => {
    if (typeof value !== 'string' || !field.isValid) return
    if (characters(value) > options.max) {
      field.report(messages.maxLength, 'maxLength', field, options)
    }
  },
  { name: 'maxLength' }
)

const decimalPlacesRule = vine.createRule(
  (value: unknown, options: { range: [number, number] }, field: FieldContext) => {
    if (typeof value !== 'number' || !field.isValid) return
    // The places of the number itself: its JavaScript text is in exponent form below 1e-6.
    if ((new BigNumber(value).decimalPlaces() ?? 0) > options.range[1]) {
      field.report(messages.decimal, 'decimal', field, { digits: options.range.join('-') })
    }
  },
  { name: 'decimal' }
)

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/
const DATE_TIME =
  /^(\d{4})-(\d{2})-(\d{2})[Tt]([01]\d|2[0-3]):([0-5]\d):([0-5]\d)(?:\.\d+)?(?:[Zz]|[+-](?:[01]\d|2[0-3]):[0-5]\d)$/

/** Whether the year, month and day name a day of the calendar (no 30th of February). */
function isCalendarDate(year: string, month: string, day: string): boolean {
  const date = new Date(0)
  date.setUTCFullYear(Number(year), Number(month) - 1, Number(day))
  return date.getUTCMonth() === Number(month) - 1 && date.getUTCDate() === Number(day)
}

const textPatternRule = vine.createRule(
  (value: unknown, options: { pattern: RegExp }, field: FieldContext) => {
    if (typeof value !== 'string' || !field.isValid) return
    const parts = options.pattern.exec(value)
    if (!parts || !isCalendarDate(parts[1], parts[2], parts[3])) {
      field.report(messages.date, 'date', field)
    }
  },
  { name: 'dateTime' }
)

/** `vine.string().use(maxCharacters(200))`: at most `max` characters (code points). */
export function maxCharacters(max: number) {
  return maxCharactersRule({ max })
}

/** `vine.number().use(maxDecimalPlaces(2))`: at most `places` digits after the point. */
export function maxDecimalPlaces(places: number) {
  return decimalPlacesRule({ range: [0, places] })
}

/** `vine.string().use(dateText())`: a calendar date as JSON carries it, `2026-12-01`. */
export function dateText() {
  return textPatternRule({ pattern: DATE })
}

/** `vine.string().use(dateTimeText())`: an RFC 3339 date-time, `2026-12-01T10:00:00Z`. */
export function dateTimeText() {
  return textPatternRule({ pattern: DATE_TIME })
}
