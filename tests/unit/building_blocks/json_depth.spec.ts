import { test } from '@japa/runner'
import { jsonDepth, MAX_JSON_DEPTH } from '@pantheon/kit/http'

test.group('JSON depth', () => {
  test('measures nesting', ({ assert }) => {
    assert.equal(jsonDepth('text'), 0)
    assert.equal(jsonDepth({}), 1)
    assert.equal(jsonDepth({ a: [1, { b: null }] }), 3)
  })

  test('stops counting past the limit, even for 100,000 levels', ({ assert }) => {
    const deep = JSON.parse('['.repeat(100_000) + ']'.repeat(100_000))
    assert.isAbove(jsonDepth(deep), MAX_JSON_DEPTH)
  })
})
