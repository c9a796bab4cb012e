import { test } from '@japa/runner'
import { assertPascalCaseName, type NameKind } from '#kit/scaffolding/names'
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

test.group('Names given to the generators', () => {
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
    ])
    .run(({ assert }, { name, suggestion }) => {
      const error = refusal(name, 'entity')
      assert.include(error!.message, 'must be PascalCase in plain ASCII')
      assert.equal(error!.hint, suggestion)
    })

  test('says there is no suggestion when nothing ASCII is left', ({ assert }) => {
    const error = refusal('注文', 'entity')
    assert.include(error!.hint!, 'No suggestion')
  })

  test('refuses a table or column name longer than PostgreSQL keeps', ({ assert }) => {
    const long = 'A' + 'b'.repeat(63)
    assert.include(refusal(long, 'property', true)!.message, 'is too long')
    assert.isUndefined(refusal(long, 'command'))
  })
})
