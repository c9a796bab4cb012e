import { test } from '@japa/runner'
import { entityPayload, parsePayloadProperties } from '#kit/scaffolding/payload_properties'
import { parsePropertyEntry } from '#kit/scaffolding/property_syntax'
import { diffSchemas } from '#kit/scaffolding/schema_diff'
import type { ColumnSnapshot, SchemaSnapshot } from '#kit/scaffolding/schema_snapshot'
import { uniqueIndexName } from '#kit/scaffolding/unique_keys'

const TABLE = 'sales_customers'

function schema(columns: Record<string, ColumnSnapshot>): SchemaSnapshot {
  return { tables: { [TABLE]: { entity: 'Customer', columns } } }
}

const email: ColumnSnapshot = { type: 'string', optional: false, length: 120 }
const keyedEmail: ColumnSnapshot = { ...email, unique: true }
const unique = (column: string) =>
  `table.unique(['${column}'], { indexName: '${TABLE}_${column}_unique' })`
const dropUnique = (column: string) =>
  `table.dropUnique(['${column}'], '${TABLE}_${column}_unique')`

/** Every line of every step, in order. */
function lines(steps: ReturnType<typeof diffSchemas>['up']): string[] {
  return steps.flatMap((step) => ('lines' in step ? step.lines : [step.call]))
}

test.group('Unique keys: the modifier', (group) => {
  group.tap((t) => t.tags(['@any-database']))
  test('reads :unique after the type, its options and ?', ({ assert }) => {
    assert.deepEqual(parsePropertyEntry('Email:string(120):unique', 'property').definition, {
      type: 'string',
      optional: false,
      length: 120,
      unique: true,
    })
    assert.deepInclude(parsePropertyEntry('Ref:string(20)?:unique', 'property').definition, {
      optional: true,
      unique: true,
    })
    assert.deepInclude(parsePropertyEntry('Status:enum(a,b):unique', 'property').definition, {
      unique: true,
    })
    assert.notProperty(parsePropertyEntry('Name:string', 'property').definition, 'unique')
  })

  test('refuses {entry}: {message}')
    .with([
      { entry: 'Email:string:primary', message: /":primary" is not a property modifier.*/ },
      { entry: 'Email:string:', message: /":" is not a property modifier/ },
      { entry: 'Notes:text:unique', message: /A text property cannot be a unique key/ },
      { entry: 'Data:json:unique', message: /A json property cannot be a unique key/ },
      { entry: 'Email:string:unique:unique', message: /A modifier is written twice/ },
      { entry: 'Ref:string:unique?', message: /"\?" comes before the modifiers/ },
    ])
    .run(({ assert }, { entry, message }) => {
      assert.throws(() => parsePropertyEntry(entry, 'property'), message)
    })

  test('names the allowed modifiers when it refuses one', ({ assert }) => {
    try {
      parsePropertyEntry('Email:string:indexed', 'property')
      assert.fail('accepted :indexed')
    } catch (error) {
      assert.include((error as { hint?: string }).hint ?? '', 'Allowed modifiers: :unique')
    }
  })

  test("an event's properties take no unique key, and an entity's event payload drops it", ({
    assert,
  }) => {
    assert.throws(
      () => parsePayloadProperties('Id:uuid,Email:string:unique'),
      /An event's property takes no :unique/
    )
    const payload = entityPayload({
      name: 'Customer',
      aggregate: true,
      properties: { email: keyedEmail },
    })
    assert.isFalse(payload.properties.some((spec) => spec.definition.unique))
  })
})

test.group('Unique keys: migrations', (group) => {
  group.tap((t) => t.tags(['@any-database']))
  test('a new table gets a unique index for each key, after its columns', ({ assert }) => {
    const { up, down } = diffSchemas(
      { tables: {} },
      schema({ email: keyedEmail, ref: { type: 'string', optional: true, unique: true } })
    )
    assert.deepEqual(lines(up).slice(-2), [unique('email'), unique('ref')])
    assert.deepEqual(down, [{ call: 'dropTable', table: TABLE, lines: [] }])
  })

  test(':unique added to a property adds its index, and down() drops it; removed, the reverse', ({
    assert,
  }) => {
    const added = diffSchemas(schema({ email }), schema({ email: keyedEmail }))
    assert.deepEqual(lines(added.up), [unique('email')])
    assert.deepEqual(lines(added.down), [dropUnique('email')])
    assert.match(
      added.notes.join('\n'),
      /sales_customers.email is a unique key: the migration fails if two existing rows hold the same value/
    )

    const removed = diffSchemas(schema({ email: keyedEmail }), schema({ email }))
    assert.deepEqual(lines(removed.up), [dropUnique('email')])
    assert.deepEqual(lines(removed.down), [unique('email')])
  })

  test('a column changed and keyed at once is altered first, then indexed', ({ assert }) => {
    const { up } = diffSchemas(schema({ email }), schema({ email: { ...keyedEmail, length: 200 } }))
    const upLines = lines(up)
    assert.match(upLines.at(-2)!, /table\.string\('email', 200\).*\.alter\(\)/)
    assert.equal(upLines.at(-1), unique('email'))
  })

  test('a required key added to a table with rows says they need distinct values', ({ assert }) => {
    const { up, notes } = diffSchemas(schema({ email }), schema({ email, code: keyedEmail }))
    assert.equal(lines(up).at(-1), unique('code'))
    assert.match(
      notes.join('\n'),
      /every existing row gets '', so the migration fails on a table of two rows or more/
    )
  })

  test('a dropped key column comes back with its index in down()', ({ assert }) => {
    const { up, down } = diffSchemas(schema({ email, code: keyedEmail }), schema({ email }))
    assert.deepEqual(lines(up), [`table.dropColumn('code')`])
    assert.equal(lines(down).at(-1), unique('code'))
  })

  test('an enum rebuilt as another keeps its index: the new column gets it again', ({ assert }) => {
    const before: ColumnSnapshot = { type: 'enum', optional: false, values: ['a'], unique: true }
    const after: ColumnSnapshot = { ...before, values: ['a', 'b'] }
    const { up, down } = diffSchemas(schema({ kind: before }), schema({ kind: after }))
    assert.equal(lines(up).at(-1), unique('kind'))
    assert.equal(lines(down).at(-1), unique('kind'))
  })

  test('an index name past 63 characters is cut and told apart by a hash', ({ assert }) => {
    const long = uniqueIndexName('a'.repeat(40), 'b'.repeat(40))
    assert.lengthOf(long, 63)
    assert.notEqual(long, uniqueIndexName('a'.repeat(40), `${'b'.repeat(39)}c`))
    assert.equal(uniqueIndexName(TABLE, 'email'), 'sales_customers_email_unique')
  })
})
