import { test } from '@japa/runner'
import { parseCommandFields } from '#kit/scaffolding/crud'
import { parseProperties } from '#kit/scaffolding/entity_properties'
import {
  columnBuilder,
  decimalMax,
  formatProperty,
  parsePropertyEntry,
  splitPropertyList,
} from '#kit/scaffolding/property_syntax'

test.group('Property syntax', (group) => {
  group.tap((t) => t.tags(['@any-database']))
  test('splits a list at the commas outside parentheses', ({ assert }) => {
    assert.deepEqual(
      splitPropertyList('Name:string(80), Status:enum(draft,live)?,Price:decimal(10,2)'),
      ['Name:string(80)', 'Status:enum(draft,live)?', 'Price:decimal(10,2)']
    )
  })

  test('reads {$self} and writes it back the same')
    .with([
      'Name:string',
      'Code:string(8)',
      'Price:decimal(10,2)',
      'Rate:decimal(5,0)?',
      'Status:enum(draft,live,in-review)',
      'Notes:text?',
      'Email:string(120):unique',
      'Ref:string(20)?:unique',
      'Primary:enum(yes)?:unique',
    ])
    .run(({ assert }, entry) => {
      const { pascal, definition } = parsePropertyEntry(entry, 'property')
      assert.equal(formatProperty(pascal, definition), entry)
    })

  test('options become the column and its bounds', ({ assert }) => {
    const enumeration = parsePropertyEntry('Status:enum(draft,live)', 'property').definition
    assert.equal(columnBuilder('status', enumeration), "table.enum('status', ['draft', 'live'])")
    const price = parsePropertyEntry('Price:decimal(10,2)', 'property').definition
    assert.equal(columnBuilder('price', price), "table.decimal('price', 10, 2)")
    assert.equal(decimalMax(price), '99999999.99')
    assert.equal(
      decimalMax(parsePropertyEntry('Ratio:decimal(3,3)', 'property').definition),
      '0.999'
    )
    const code = parsePropertyEntry('Code:string(8)', 'property').definition
    assert.equal(columnBuilder('code', code), "table.string('code', 8)")
  })

  test('refuses {entry}: {message}')
    .with([
      { entry: 'Status:enum', message: /An enum lists its values/ },
      { entry: 'Status:enum(draft,draft)', message: /draft is listed twice/ },
      { entry: "Status:enum(it's)", message: /cannot be an enum value/ },
      { entry: 'Code:string(0)', message: /from 1 to 10485760/ },
      { entry: 'Code:string(8,2)', message: /string takes one length/ },
      { entry: 'Price:decimal(16,2)', message: /precision must be a whole number from 1 to 15/ },
      { entry: 'Price:decimal(4,5)', message: /scale must be a whole number from 0 to 4/ },
      { entry: 'Price:decimal(10)', message: /digits in all and after the point/ },
      { entry: 'Count:int(4)', message: /int takes no options/ },
      { entry: 'Name:strng', message: /"strng" is not a property type/ },
      { entry: 'Kind:enum(only):unique', message: /would let the table hold one row at most/ },
    ])
    .run(({ assert }, { entry, message }) => {
      assert.throws(() => parsePropertyEntry(entry, 'property'), message)
    })
})

/** A property list of `count` strings: Field1:string,Field2:string,… */
function propertyList(count: number): string {
  return Array.from({ length: count }, (_, index) => `Field${index + 1}:string`).join(',')
}

test.group('Property limits', (group) => {
  group.tap((t) => t.tags(['@any-database']))
  test('an entity takes up to 200 properties', ({ assert }) => {
    assert.lengthOf(parseProperties(propertyList(200)), 200)
  })

  test('refuses 201 properties, or 10,000, saying the limit and how many were given')
    .with([201, 10_000])
    .run(({ assert }, count) => {
      assert.throws(
        () => parseProperties(propertyList(count)),
        new RegExp(`${count} properties were given in --properties: at most 200`)
      )
    })

  test("refuses more than 200 of a command's fields", ({ assert }) => {
    assert.lengthOf(parseCommandFields(propertyList(200)), 200)
    assert.throws(
      () => parseCommandFields(propertyList(201)),
      /201 fields were given in --fields: at most 200/
    )
  })

  test('refuses an enum of more than 1,000 values, or a value longer than 255 characters', ({
    assert,
  }) => {
    const values = (count: number) => Array.from({ length: count }, (_, index) => `v${index}`)
    const entry = (list: string[]) => `Status:enum(${list.join(',')})`
    assert.lengthOf(parsePropertyEntry(entry(values(1000)), 'property').definition.values!, 1000)
    assert.throws(
      () => parsePropertyEntry(entry(values(1001)), 'property'),
      /1001 values were given for the enum Status: at most 1000/
    )
    assert.throws(
      () => parsePropertyEntry(entry(['draft', 'x'.repeat(256)]), 'property'),
      /A value of the enum Status is longer than 255 characters/
    )
  })
})
