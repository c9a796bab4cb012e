import { test } from '@japa/runner'
import { contractKitImports, payloadRule } from '#kit/scaffolding/payload_schema'

test.group('Payload schema of a generated contract', (group) => {
  group.tap((t) => t.tags(['@any-database']))
  test('a property is checked as JSON carries it: {label}')
    .with([
      {
        label: 'a string bounded in characters, not blank',
        property: { type: 'string', optional: false, length: 80 },
        rule: 'vine.string().trim().minLength(1).use(maxCharacters(80))',
      },
      {
        label: 'a decimal within its column',
        property: { type: 'decimal', optional: false, precision: 6, scale: 2 },
        rule: 'vine.number({ strict: true }).use(maxDecimalPlaces(2)).range([-9999.99, 9999.99])',
      },
      {
        label: 'a date as text',
        property: { type: 'date', optional: false },
        rule: 'vine.string().use(dateText())',
      },
      {
        label: 'a datetime as RFC 3339 text',
        property: { type: 'datetime', optional: false },
        rule: 'vine.string().use(dateTimeText())',
      },
      {
        label: 'an enum',
        property: { type: 'enum', optional: false, values: ['draft', 'live'] },
        rule: "vine.enum(['draft', 'live'])",
      },
    ] as const)
    .run(({ assert }, { property, rule }) => {
      assert.equal(payloadRule(property, 'required'), rule)
    })

  test('an optional property may be absent (--properties) or null (an entity)', ({ assert }) => {
    const note = { type: 'text', optional: true } as const
    assert.equal(payloadRule(note, 'optional'), 'vine.string().optional()')
    assert.equal(payloadRule(note, 'nullable'), 'vine.string().nullable()')
  })

  test('the contract imports the kit rules its schema uses, and no other', ({ assert }) => {
    assert.deepEqual(contractKitImports(['vine.string().uuid()']), ['defineIntegrationEvent'])
    assert.deepEqual(
      contractKitImports(['vine.string().use(dateTimeText())', 'vine.string().use(dateText())']),
      ['defineIntegrationEvent', 'dateText', 'dateTimeText']
    )
  })
})
