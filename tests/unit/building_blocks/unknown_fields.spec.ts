import { test } from '@japa/runner'
import { unknownFields } from '@pantheon/kit/http'

const CLOSED = {
  type: 'object',
  additionalProperties: false,
  properties: {
    name: { type: 'string' },
    links: {
      type: 'object',
      additionalProperties: false,
      properties: { self: { type: 'string' } },
    },
    lines: {
      type: 'array',
      items: { type: 'object', additionalProperties: false, properties: { sku: {} } },
    },
    extra: { type: 'object', properties: {} },
  },
}

test.group('Unknown fields', () => {
  test('a body with only defined fields has none', ({ assert }) => {
    assert.deepEqual(unknownFields(CLOSED, { name: 'Pen', links: { self: '/x' } }), [])
  })

  test('names each undefined field with the fields its object defines', ({ assert }) => {
    assert.deepEqual(unknownFields(CLOSED, { name: 'Pen', bogus: 1, links: { other: 2 } }), [
      { field: 'bogus', accepted: ['name', 'links', 'lines', 'extra'] },
      { field: 'links.other', accepted: ['self'] },
    ])
  })

  test('reads inside arrays, naming the item by its index', ({ assert }) => {
    assert.deepEqual(unknownFields(CLOSED, { lines: [{ sku: 1 }, { sku: 2, qty: 3 }] }), [
      { field: 'lines.1.qty', accepted: ['sku'] },
    ])
  })

  test('an object the schema leaves open takes any field', ({ assert }) => {
    assert.deepEqual(unknownFields(CLOSED, { extra: { anything: true } }), [])
  })

  test('a body that is not an object has no fields to refuse', ({ assert }) => {
    assert.deepEqual(unknownFields(CLOSED, 'text'), [])
    assert.deepEqual(unknownFields(CLOSED, null), [])
  })
})
