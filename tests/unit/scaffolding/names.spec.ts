import { test } from '@japa/runner'
import { assertPascalCaseName, assertTableName, type NameKind } from '#kit/scaffolding/names'
import { ScaffoldError } from '#kit/scaffolding/scaffold_error'

/** The refusal for a name, or undefined when it is accepted. */
function refusal(name: string, what: NameKind, sql = false): ScaffoldError | undefined {
  try {
    assertPascalCaseName(name, what, { sql })
    return undefined
  } catch (error) {
    if (error instanceof ScaffoldError) return error
    throw error
  }
}

test.group('Names given to the generators', (group) => {
  group.tap((t) => t.tags(['@any-database']))
  test('accepts the {what} name {name}: SQL keywords are fine once prefixed and quoted')
    .with<{ name: string; what: NameKind }[]>([
      { name: 'Order', what: 'entity' },
      { name: 'User', what: 'entity' },
      { name: 'Group', what: 'property' },
      { name: 'Select', what: 'property' },
      { name: 'Type', what: 'property' },
      { name: 'Order', what: 'module' },
      { name: 'Class', what: 'module' },
      { name: 'Default', what: 'module' },
      { name: 'Delete', what: 'command' },
      { name: 'Class', what: 'endpoint' },
      { name: 'Default', what: 'query' },
      // Words JavaScript reserves: never bound as a variable or parameter by the generated code.
      { name: 'Class', what: 'entity' },
      { name: 'Default', what: 'entity' },
      { name: 'Default', what: 'property' },
      { name: 'Class', what: 'property' },
    ])
    .run(({ assert }, { name, what }) => {
      assert.isUndefined(refusal(name, what, true))
    })

  test('refuses the {what} name {name}, saying why')
    .with<{ name: string; what: NameKind; message: string }[]>([
      { name: 'Constructor', what: 'property', message: 'a field named "constructor"' },
      { name: 'Entity', what: 'entity', message: 'already import or use a "Entity"' },
      { name: 'Number', what: 'entity', message: 'already import or use a "Number"' },
      { name: 'Pantheon', what: 'module', message: "the kit's own tables" },
    ])
    .run(({ assert }, { name, what, message }) => {
      const error = refusal(name, what, true)
      assert.instanceOf(error, ScaffoldError)
      assert.include(error!.message, message)
      assert.isString(error!.hint)
    })

  test('suggests {suggestion} for {name}')
    .with([
      { name: 'Ördersé', suggestion: 'For example: Orderse' },
      { name: 'Straße', suggestion: 'For example: Strasse' },
      { name: 'order-items', suggestion: 'For example: OrderItems' },
      { name: 'café_menu', suggestion: 'For example: CafeMenu' },
      { name: 'Café', suggestion: 'For example: Cafe' },
      // Look-alikes of other scripts become the Latin letter the user sees, never dropped.
      { name: '\u0421atalog2', suggestion: 'For example: Catalog2' },
      { name: 'Pr\u043educt', suggestion: 'For example: Product' },
      { name: '\u03a1roduct\u0399tem', suggestion: 'For example: ProductItem' },
      // NFKD: full-width letters and ligatures; an invisible space is a word break.
      { name: '\uff2frder', suggestion: 'For example: Order' },
      { name: 'Pro\ufb01le', suggestion: 'For example: Profile' },
      { name: 'Order\u200bitems', suggestion: 'For example: OrderItems' },
    ])
    .run(({ assert }, { name, suggestion }) => {
      const error = refusal(name, 'entity')
      assert.include(error!.message, 'must be PascalCase in plain ASCII')
      assert.equal(error!.hint, suggestion)
    })

  test('makes no suggestion for {name}: a letter without an ASCII twin would be dropped')
    .with([
      { name: '注文' },
      { name: '注文Order' },
      // Cyrillic: С has a Latin twin, л has none.
      { name: '\u0421atalo\u043b' },
      { name: '\uff2frder\u0661' },
    ])
    .run(({ assert }, { name }) => {
      const error = refusal(name, 'entity')
      assert.include(error!.hint!, 'No suggestion')
    })

  test('names each character outside ASCII with its code point: {name}')
    .with([
      { name: '\u0421atalog2', named: "'\u0421' (U+0421, CYRILLIC CAPITAL LETTER ES)" },
      { name: 'Café', named: "'é' (U+00E9)" },
      { name: 'Order\u200bItems', named: "'\u200b' (U+200B, ZERO WIDTH SPACE)" },
      { name: '\u{1F600}Order', named: "'\u{1F600}' (U+1F600)" },
    ])
    .run(({ assert }, { name, named }) => {
      assert.include(refusal(name, 'entity')!.message, named)
    })

  test('names at most five characters, then says how many more', ({ assert }) => {
    // Cyrillic А to и: nine letters.
    const message = refusal(
      '\u0410\u0431\u0432\u0433\u0434\u0435\u0436\u0437\u0438',
      'entity'
    )!.message
    assert.include(message, "'\u0434' (U+0434) and 4 more")
    assert.notInclude(message, 'U+0435')
  })

  test('refuses a table or column name longer than PostgreSQL keeps', ({ assert }) => {
    const long = 'A' + 'b'.repeat(63)
    assert.include(refusal(long, 'property', true)!.message, 'is too long')
    assert.isUndefined(refusal(long, 'command'))
  })

  test("refuses a table name whose primary key PostgreSQL would cut to the table's own name", ({
    assert,
  }) => {
    // knex names the key <table>_pkey: a table of 63 characters would get a key of its own name.
    assert.doesNotThrow(() => assertTableName('t'.repeat(58), 'the entity T'))
    assert.throws(
      () => assertTableName('t'.repeat(59), 'the entity T'),
      /The table of the entity T would be t{59} \(59 characters\): a table name has at most 58/
    )
  })
})
