import type { JsonSchema } from './representation.js'

/**
 * dayjs's strict parsing reads the years 0000 to 0099 as 1900 to 1999 and then refuses them
 * (the date read back differs from the text), so `YYYY-MM-DD` takes the years from 0100.
 */
const YEAR_FROM_0100 = '^(?:0[1-9]|[1-9][0-9])'

/**
 * The JSON Schema of what `vine.date({ formats })` takes. VineJS writes none: `{}`, any value,
 * which its `nullable()` then narrows to `{ type: 'null' }`, a date documented as null only.
 * `YYYY-MM-DD`, the format of generated date properties, is JSON Schema's `date`; any other
 * format is read by dayjs in ways no schema states, so the document names the kinds of value
 * VineJS reads a date from (texts, and numbers as timestamps).
 */
export function dateJsonSchema(formats: unknown): JsonSchema {
  const onlyCalendarDate =
    formats === 'YYYY-MM-DD' ||
    (Array.isArray(formats) && formats.length === 1 && formats[0] === 'YYYY-MM-DD')
  if (onlyCalendarDate) return { type: 'string', format: 'date', pattern: YEAR_FROM_0100 }
  return { type: ['string', 'number'] }
}
