import { test } from '@japa/runner'
import fc from 'fast-check'
import vine from '@vinejs/vine'
import type { SchemaTypes } from '@vinejs/vine/types'
import * as commandRules from '@pantheon/kit/application'
import * as payloadRules from '@pantheon/kit/integration'

/** VineJS's first error for the field `x` checked by `field`, or null when it takes `value`. */
async function verdict(field: SchemaTypes, value: unknown) {
  const [error] = await vine.create({ x: field }).tryValidate({ x: value })
  return error === null ? null : (error as { messages: Record<string, unknown>[] }).messages[0]
}

/*
 * A contract cannot import the application building blocks, so the integration layer has its own
 * copy of the rules a payload needs. Both copies must give the same answer, error included.
 */
test.group('Payload rules answer as the command rules do', () => {
  test('maxCharacters counts characters, not UTF-16 units', async ({ assert }) => {
    const texts = fc.string({ unit: 'grapheme', maxLength: 12 })
    await fc.assert(
      fc.asyncProperty(texts, fc.integer({ min: 0, max: 12 }), async (text, max) => {
        assert.deepEqual(
          await verdict(vine.string().use(payloadRules.maxCharacters(max)), text),
          await verdict(vine.string().use(commandRules.maxCharacters(max)), text)
        )
      })
    )
    assert.isNull(await verdict(vine.string().use(payloadRules.maxCharacters(2)), '😀😀'))
  })

  test('maxDecimalPlaces counts the places of the number itself', async ({ assert }) => {
    const numbers = fc.oneof(fc.double({ noNaN: true, noDefaultInfinity: true }), fc.integer())
    await fc.assert(
      fc.asyncProperty(numbers, fc.integer({ min: 0, max: 10 }), async (value, places) => {
        assert.deepEqual(
          await verdict(vine.number().use(payloadRules.maxDecimalPlaces(places)), value),
          await verdict(vine.number().use(commandRules.maxDecimalPlaces(places)), value)
        )
      })
    )
  })

  test('dateTimeText takes exactly the RFC 3339 texts the command rule takes: {$self}')
    .with([
      '2026-01-15T10:30:00.000Z',
      '2026-01-15t10:30:00+02:00',
      '2024-02-29T00:00:00Z',
      '2026-02-29T00:00:00Z',
      '2026-01-15T24:00:00Z',
      '2026-01-15T10:30:60Z',
      '2026-01-15 10:30:00Z',
      '2026-01-15T10:30:00+0200',
      '2026-01-15T10:30:00+24:00',
      '1',
    ])
    .run(async ({ assert }, text) => {
      assert.deepEqual(
        await verdict(vine.string().use(payloadRules.dateTimeText()), text),
        await verdict(vine.string().use(commandRules.dateTimeText()), text)
      )
    })

  test('dateText takes a calendar date only: {text}')
    .with([
      { text: '2026-01-15', valid: true },
      { text: '2024-02-29', valid: true },
      { text: '2026-02-29', valid: false },
      { text: '2026-13-01', valid: false },
      { text: '2026-1-15', valid: false },
      { text: '2026-01-15T00:00:00Z', valid: false },
    ])
    .run(async ({ assert }, { text, valid }) => {
      const error = await verdict(vine.string().use(payloadRules.dateText()), text)
      if (valid) assert.isNull(error)
      else assert.include(error, { rule: 'date', message: 'The x field must be a datetime value' })
    })
})
