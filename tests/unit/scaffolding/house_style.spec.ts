import { test } from '@japa/runner'
import * as prettier from 'prettier'
import { inHouseStyle } from '#kit/scaffolding/house_style'

/** What inHouseStyle reads of @adonisjs/prettier-config. */
const preset = { printWidth: 100 }

const line = (length: number) => `export const a = '${'x'.repeat(length - 19)}'`

test.group('House style', (group) => {
  group.tap((t) => t.tags(['@any-database']))
  test('text counts as formatted while every line fits the print width', ({ assert }) => {
    assert.lengthOf(line(100), 100)
    assert.isTrue(inHouseStyle('a.ts', `${line(100)}\n`, preset))
    assert.isFalse(inHouseStyle('a.ts', `${line(101)}\n`, preset))
    assert.isFalse(inHouseStyle('a.ts', `${line(81)}\n`, { ...preset, printWidth: 80 }))
  })

  test('a longer line prettier cannot break does not count against it', async ({ assert }) => {
    const from = `'../${'deep/'.repeat(20)}x.js'`
    const unbreakable = [
      `import { OneName } from ${from}`,
      `import type { OneName } from ${from}`,
      `import OneName from ${from}`,
      `import * as OneName from ${from}`,
      ` * ${'a comment that goes on '.repeat(5).trimEnd()}`,
      `// ${'a comment that goes on '.repeat(5).trimEnd()}`,
      `    '${'a string alone on its line '.repeat(4).trimEnd()}',`,
    ]
    for (const text of unbreakable) assert.isTrue(inHouseStyle('a.ts', `${text}\n`, preset), text)
    // Each is left as it is by prettier itself, in the place a stub writes it.
    const source = [
      ...unbreakable.slice(0, 4),
      '',
      '/**',
      unbreakable[4],
      ' */',
      unbreakable[5],
      'export const docs = {',
      '  description:',
      unbreakable[6],
      '}',
      '',
    ].join('\n')
    const options = {
      semi: false,
      singleQuote: true,
      trailingComma: 'es5',
      printWidth: 100,
    } as const
    assert.equal(await prettier.format(source, { ...options, filepath: 'a.ts' }), source)

    const breakable = [
      `import { OneName, Another } from ${from}`,
      `const a = f(${from}, ${from})`,
      `const a = '${'x'.repeat(100)}' // and a comment`,
      `/** Doc. */ export const value = compute('${'a'.repeat(45)}', '${'b'.repeat(45)}')`,
      ` */ export const value = compute('${'a'.repeat(45)}', '${'b'.repeat(45)}')`,
      ` * comment */ export const value = compute('${'a'.repeat(45)}', '${'b'.repeat(45)}')`,
    ]
    for (const text of breakable) assert.isFalse(inHouseStyle('a.ts', `${text}\n`, preset), text)

    const member = `  "${'a/'.repeat(40)}file.ts": "${'0'.repeat(64)}",`
    assert.isTrue(inHouseStyle('a.json', `{\n${member}\n}\n`, preset))
    // A string member is unbreakable in JSON only; an import line in JSON is not a thing.
    assert.isFalse(inHouseStyle('a.ts', `{\n${member}\n}\n`, preset))
    assert.isFalse(inHouseStyle('a.md', `${unbreakable[0]}\n`, preset))
  })

  test('a character beyond ASCII counts as two columns, and a tab sends the text to prettier', ({
    assert,
  }) => {
    const wide = `export const a = '${'名'.repeat(41)}'`
    assert.lengthOf(wide, 60)
    assert.isFalse(inHouseStyle('a.ts', `${wide}\n`, preset))
    assert.isTrue(inHouseStyle('a.ts', `${wide.slice(0, 58)}'\n`, preset))
    assert.isTrue(inHouseStyle('a.ts', ` * ${'名'.repeat(60)}\n`, preset))
    assert.isFalse(inHouseStyle('a.ts', 'export const a = 1\n\tconst b = 2\n', preset))
    // prettier trims a line's trailing spaces, in comments too.
    assert.isFalse(inHouseStyle('a.ts', '// a comment \nexport const a = 1\n', preset))
  })
})
