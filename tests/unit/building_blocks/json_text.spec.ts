import { test } from '@japa/runner'
import { containsNul, jsonTextDepth } from '#kit/building_blocks/infrastructure/http/json_text'

test.group('JSON text depth', () => {
  test('counts arrays and objects, not brackets inside strings or escaped quotes', ({ assert }) => {
    assert.equal(jsonTextDepth('{"a":[1,{"b":[]}]}', 32), 4)
    assert.equal(jsonTextDepth('{"a":"[[[{{{"}', 32), 1)
    assert.equal(jsonTextDepth('{"a":"\\"[[["}', 32), 1)
    assert.equal(jsonTextDepth('{"a":"\\\\"}', 32), 1)
    assert.equal(jsonTextDepth('42', 32), 0)
  })

  test('stops past the limit, whatever the depth', ({ assert }) => {
    assert.equal(jsonTextDepth('['.repeat(1_000_000), 32), 33)
  })
})

test.group('NUL characters', () => {
  test('are found in strings and keys at any depth, and nowhere else', ({ assert }) => {
    assert.isTrue(containsNul({ a: [{ b: 'x\u0000' }] }))
    assert.isTrue(containsNul({ ['k\u0000']: 1 }))
    assert.isFalse(containsNul({ a: ['\\u0000', 0, null, true] }))
  })
})
