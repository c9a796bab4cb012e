import vine from '@vinejs/vine'
import { messages } from '@vinejs/vine/defaults'
import type { FieldContext } from '@vinejs/vine/types'
import BigNumber from 'bignumber.js'

/*
 * VineJS's decimal([0, n]) reads the number's JavaScript text, which is in exponent form below
 * 1e-6 (0.0000000033 is "3.3e-9"), so it refused values a numeric(10, 10) column holds. This
 * rule counts the places of the number itself (bignumber.js reads the exponent form). It keeps
 * VineJS's rule name, options, error code and message, so errors and the API documents
 * (`vineJsonSchema` reads `decimal` with its range) see no other difference.
 */

const decimalPlacesRule = vine.createRule(
  (value: unknown, options: { range: [number, number] }, field: FieldContext) => {
    if (typeof value !== 'number' || !field.isValid) return
    const places = new BigNumber(value).decimalPlaces() ?? 0
    if (places > options.range[1]) {
      field.report(messages.decimal, 'decimal', field, { digits: options.range.join('-') })
    }
  },
  { name: 'decimal' }
)

/** `vine.number().use(maxDecimalPlaces(2))`: at most `places` digits after the point. */
export function maxDecimalPlaces(places: number) {
  return decimalPlacesRule({ range: [0, places] })
}
