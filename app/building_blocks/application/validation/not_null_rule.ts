import vine from '@vinejs/vine'
import type { FieldContext } from '@vinejs/vine/types'

/*
 * VineJS reads null as "left out" for an optional field and drops it, which is what a partial
 * update (PATCH, JSON Merge Patch) must not do with a required property: there null asks to
 * clear it, and the answer is 400, not a silent no-op. The rule is implicit so that it runs on
 * a missing value too, where it lets `undefined` (left out, unchanged) through.
 */
const notNullRule = vine.createRule(
  (value: unknown, _options: undefined, field: FieldContext) => {
    if (value !== null) return
    field.report(
      'The {{ field }} field is required: it can be changed or left out, not cleared',
      'notNull',
      field
    )
  },
  { implicit: true, name: 'notNull' }
)

/** `vine.string().use(notNull()).optional()`: a required property in a partial update. */
export function notNull() {
  return notNullRule()
}
