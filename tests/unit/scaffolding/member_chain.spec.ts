import { test } from '@japa/runner'
import fc from 'fast-check'
import * as prettier from 'prettier'
import { baseVineRule } from '#kit/scaffolding/crud'
import { memberChain } from '#kit/scaffolding/member_chain'
import type { PropertyDefinition } from '#kit/building_blocks/domain/entity_definition'

const TYPES: PropertyDefinition[] = [
  { type: 'string', optional: false, length: 200 },
  { type: 'text', optional: false },
  { type: 'int', optional: false },
  { type: 'decimal', optional: false, precision: 14, scale: 4 },
  { type: 'decimal', optional: false },
  { type: 'number', optional: false },
  { type: 'boolean', optional: false },
  { type: 'date', optional: false },
  { type: 'datetime', optional: false },
  { type: 'uuid', optional: false },
  { type: 'json', optional: false },
  { type: 'enum', optional: false, values: ['draft', 'live', 'archived-for-good'] },
] as PropertyDefinition[]

/** The rules a validator holds: each type's, made optional, and read through a function. */
const RULES = TYPES.flatMap((property) => {
  const rule = baseVineRule(property)
  return [rule, `${rule}.nullable().optional()`, `${rule}.transform(dateTimeFromText)`]
})

/** A validator as the stub writes it, with one field; prettier's config is the kit's. */
async function prettierLayout(field: string, rule: string): Promise<string> {
  const source = `export default defineCommandValidator(\n  X,\n  vine.create({\n    ${field}: ${rule},\n  })\n)\n`
  const formatted = await prettier.format(source, {
    filepath: 'a.ts',
    semi: false,
    singleQuote: true,
    trailingComma: 'es5',
    printWidth: 100,
  })
  return formatted.split('\n').slice(3, -3).join('\n')
}

test.group('Member chains', (group) => {
  group.tap((t) => t.tags(['@any-database']))
  test('are laid out as prettier lays them out, or left to prettier', async () => {
    const field = fc.stringMatching(/^[a-z][a-zA-Z0-9]{0,40}$/)
    await fc.assert(
      fc.asyncProperty(field, fc.constantFrom(...RULES), async (name, rule) => {
        const prefix = `    ${name}: `
        const laidOut = memberChain(prefix, rule)
        if (laidOut === undefined) return
        const expected = await prettierLayout(name, rule)
        if (`${prefix}${laidOut},` !== expected) {
          throw new Error(
            `${rule} after "${prefix}":\n${prefix}${laidOut},\nprettier:\n${expected}`
          )
        }
      }),
      { numRuns: 400, seed: 20261130 }
    )
  })

  test('a function among the arguments, or a short chain that does not fit, is left to prettier', ({
    assert,
  }) => {
    assert.isUndefined(
      memberChain('    id: ', 'vine.string().uuid().transform((v) => Id.parse(v))')
    )
    const long = `vine.enum(['${'a'.repeat(60)}', '${'b'.repeat(40)}'])`
    assert.isUndefined(memberChain('    status: ', long))
    assert.equal(memberChain('    sku: ', 'vine.string().uuid()'), 'vine.string().uuid()')
  })

  test('splits at the dots outside brackets and quotes', ({ assert }) => {
    const rule = `vine.string().use(check('x.y', 1.5)).meta({ 'a.b': '(' }).maxLength(${'9'.repeat(70)})`
    assert.equal(
      memberChain('    name: ', rule),
      [
        'vine',
        '      .string()',
        "      .use(check('x.y', 1.5))",
        "      .meta({ 'a.b': '(' })",
        `      .maxLength(${'9'.repeat(70)})`,
      ].join('\n')
    )
    // Deeper than a literal in a literal: prettier's rules for it are not followed here.
    assert.isUndefined(memberChain('    n: ', 'vine.a().b().c(f(g(1)))'))
  })
})
