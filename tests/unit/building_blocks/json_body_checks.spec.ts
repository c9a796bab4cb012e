import { test } from '@japa/runner'
import {
  DEFAULT_JSON_BODY_LIMITS,
  jsonTextOverLimit,
  type JsonBodyLimits,
} from '#kit/building_blocks/infrastructure/http/json_body_limits'
import { invalidCharacter } from '#kit/building_blocks/infrastructure/http/json_text'
import { prototypeKeys } from '#kit/building_blocks/infrastructure/http/prototype_keys'

const small: JsonBodyLimits = { keysPerObject: 3, arrayItems: 4, values: 8 }
const over = (text: string, limits = small) => jsonTextOverLimit(text, limits)?.detail

test.group('JSON text limits: depth', () => {
  test('counts arrays and objects, not brackets inside strings or escaped quotes', ({ assert }) => {
    const deep = (levels: number) => '['.repeat(levels) + ']'.repeat(levels)
    assert.isUndefined(over(deep(32), DEFAULT_JSON_BODY_LIMITS))
    assert.equal(jsonTextOverLimit(deep(33), DEFAULT_JSON_BODY_LIMITS)?.code, 'Request.TooDeep')
    assert.isUndefined(over(`{"a":"${'['.repeat(40)}"}`))
    assert.isUndefined(over(`{"a":"\\"${'['.repeat(40)}"}`))
    assert.equal(
      jsonTextOverLimit(`{"a":"\\\\"${'['.repeat(40)}`, DEFAULT_JSON_BODY_LIMITS)?.code,
      'Request.TooDeep'
    )
  })

  test('stops past the limit, whatever the length', ({ assert }) => {
    assert.equal(
      jsonTextOverLimit('['.repeat(1_000_000), DEFAULT_JSON_BODY_LIMITS)?.code,
      'Request.TooDeep'
    )
  })
})

test.group('JSON text limits: keys, items and values', () => {
  test('an object may hold as many keys as the limit, and not one more', ({ assert }) => {
    assert.isUndefined(over('{"a":1,"b":2,"c":3}'))
    assert.isUndefined(over('{ "a" : 1 , "b" : { "x": 1, "y": 2, "z": 3 } }'))
    assert.equal(
      over('{"a":1,"b":2,"c":3,"d":4}'),
      'An object in the body has more than 3 keys: send less in one request'
    )
    assert.equal(over('[{},{"a":[1,2],"b":2,"c":3,"d":"x,y"}]')?.slice(0, 9), 'An object')
  })

  test('an array may hold as many items as the limit, and not one more', ({ assert }) => {
    assert.isUndefined(over('[1,2,3,4]'))
    assert.isUndefined(over('[[], [], [ ], []]'))
    assert.equal(
      over('[1,2,3,4,5]'),
      'An array in the body has more than 4 items: send less in one request'
    )
    assert.equal(over('{"a":["x","y","z","w","v"]}')?.slice(0, 8), 'An array')
  })

  test('commas and brackets inside strings are not structure', ({ assert }) => {
    assert.isUndefined(over('{"a":"1,2,3,4,5,{,[","b":"\\",,,,"}'))
  })

  test('values are counted across the whole body, nested ones included', ({ assert }) => {
    assert.isUndefined(over('{"a":[1,2,3],"b":[4,5],"c":6}')) // 3 keys + 5 items = 8
    assert.equal(
      over('{"a":[1,2,3],"b":[4,5,6],"c":7}'),
      'The body holds more than 8 values in all: send less in one request'
    )
  })

  test('empty containers hold nothing', ({ assert }) => {
    assert.isUndefined(over('{}'))
    assert.isUndefined(over('[ ]'))
    assert.isUndefined(over('{"a":{},"b":[],"c":{ }}'))
  })
})

test.group('Characters no field accepts', () => {
  test('NUL is found in strings and keys at any depth, and nowhere else', ({ assert }) => {
    assert.equal(invalidCharacter({ a: [{ b: 'x\u0000' }] }), 'nul')
    assert.equal(invalidCharacter({ ['k\u0000']: 1 }), 'nul')
    assert.isUndefined(invalidCharacter({ a: ['\\u0000', 0, null, true] }))
  })

  test('half of a surrogate pair is found; whole pairs are characters', ({ assert }) => {
    assert.equal(invalidCharacter(JSON.parse('{"name":"x\\ud800y"}')), 'loneSurrogate')
    assert.equal(invalidCharacter(JSON.parse('{"a":["\\udfff"]}')), 'loneSurrogate')
    assert.equal(invalidCharacter(JSON.parse('{"\\ud83d":1}')), 'loneSurrogate')
    assert.isUndefined(invalidCharacter(JSON.parse('{"name":"\\ud83d\\ude00 😀 é"}')))
  })
})

test.group('Prototype keys', () => {
  test('__proto__ anywhere and constructor holding a prototype are named by path', ({ assert }) => {
    const body = JSON.parse(
      '{"__proto__":{"x":1},"items":[{"constructor":{"prototype":{}}}],"constructor":1,"prototype":2}'
    )
    assert.sameMembers(prototypeKeys(body, 10), ['__proto__', 'items.0.constructor'])
  })

  test('lists at most the limit', ({ assert }) => {
    const body = JSON.parse(`[${Array.from({ length: 50 }, () => '{"__proto__":1}').join(',')}]`)
    assert.lengthOf(prototypeKeys(body, 21), 21)
    assert.deepEqual(prototypeKeys({ a: 1, constructor: 'x' }, 21), [])
  })
})
