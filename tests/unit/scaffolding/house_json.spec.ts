import { test } from '@japa/runner'
import fc from 'fast-check'
import * as prettier from 'prettier'
import { houseJson, isHouseJson } from '#kit/scaffolding/house_json'

/** What prettier makes of a JSON text with the kit's config (its print width, 100). */
async function formatted(text: string): Promise<string> {
  return prettier.format(text, { parser: 'json', printWidth: 100 })
}

/** Keys and strings of any length, so that some arrays fit one line and some do not. */
const word = fc.string({ minLength: 0, maxLength: 30 })
const plain = fc.oneof(word, fc.boolean(), fc.constant(null), fc.integer())
const member = fc.letrec((tie) => ({
  value: fc.oneof(
    { depthSize: 'small' },
    plain,
    fc.array(fc.oneof(word, fc.boolean(), fc.constant(null)), { maxLength: 8 }),
    fc.array(tie('object'), { maxLength: 3 }),
    tie('object')
  ),
  object: fc.dictionary(word, tie('value'), { maxKeys: 5 }),
}))

test.group('House JSON', (group) => {
  group.tap((t) => t.tags(['@any-database']))
  test('is what prettier writes, for any object of plain values, lists and objects', async () => {
    await fc.assert(
      fc.asyncProperty(member.object, async (value) => {
        const text = houseJson(value)
        // Undefined is allowed (it is then formatted), but only where it cannot tell.
        if (text === undefined) throw new Error(`no layout for ${JSON.stringify(value)}`)
        if (text !== (await formatted(text))) throw new Error(`prettier changes:\n${text}`)
        if (JSON.stringify(JSON.parse(text)) !== JSON.stringify(value)) {
          throw new Error(`does not read back as written:\n${text}`)
        }
      }),
      { numRuns: 300, seed: 20261130 }
    )
  })

  test('a list fits its line with what comes before and after it, or takes one line a value', async ({
    assert,
  }) => {
    const argv = (n: number) => Array.from({ length: n }, (_, i) => `--flag-${i}`)
    for (let n = 1; n < 12; n++) {
      const record = { recipes: { [`add-thing ${'x'.repeat(n)}`]: argv(n), last: ['a'] } }
      const text = houseJson(record)!
      assert.equal(text, await formatted(text), text)
    }
  })

  test('what it cannot lay out as prettier does is left to prettier', async ({ assert }) => {
    // Numbers that do not fit one line (prettier fills lines with them), and lists of arrays.
    assert.isUndefined(houseJson({ sizes: Array.from({ length: 40 }, (_, i) => i * 1000) }))
    assert.isUndefined(houseJson({ pairs: [['a', 'b'], ['c']] }))
    // Beyond ASCII near the print width: prettier counts é as one column, wide characters as two.
    const french = { values: ['brouillon', 'publié', 'retiré', 'archivé', 'supprimé', 'réservé'] }
    for (let pad = 0; pad < 40; pad++) {
      const value = { ...french, [`k${'x'.repeat(pad)}`]: french.values }
      const text = houseJson(value)
      if (text !== undefined) assert.equal(text, await formatted(text))
    }
    const stringified = `${JSON.stringify({ pairs: [['a', 'b'], ['c']] }, null, 2)}\n`
    assert.isFalse(isHouseJson(stringified))
    assert.isTrue(isHouseJson(houseJson({ values: ['a', 'b'] })!))
    assert.isFalse(isHouseJson('not json'))
  })
})
