import fc from 'fast-check'
import { productLike } from './values.js'

const nested = (depth: number) => '['.repeat(depth) + ']'.repeat(depth)
const nestedObject = (depth: number) => '{"a":'.repeat(depth) + '1' + '}'.repeat(depth)

/** A JSON text of an object whose keys are written as given, `__proto__` included. */
const objectText = (entries: Array<[string, string]>) =>
  `{${entries.map(([key, value]) => `${JSON.stringify(key)}:${value}`).join(',')}}`

/** JSON bodies, well-formed or not, as an HTTP client sends them; `undefined` is no body. */
export const jsonBodies = fc.oneof(
  { weight: 6, arbitrary: productLike.map((value) => JSON.stringify(value)) },
  { weight: 2, arbitrary: fc.jsonValue().map((value) => JSON.stringify(value)) },
  { weight: 2, arbitrary: fc.string() },
  { weight: 1, arbitrary: fc.integer({ min: 10, max: 200_000 }).map(nested) },
  { weight: 1, arbitrary: fc.constant('{"name":"a","name":"Duplicate","price":1,"price":2}') },
  {
    weight: 1,
    arbitrary: fc.constant(JSON.stringify({ name: 'x'.repeat(1024 * 1024 + 1), price: 1 })),
  },
  { weight: 1, arbitrary: fc.constant('{"name": "Pen", "price": 1') },
  { weight: 1, arbitrary: fc.constant(undefined) }
)

const truncated = fc
  .tuple(
    productLike.map((value) => JSON.stringify(value)),
    fc.nat()
  )
  .map(([text, cut]) => text.slice(0, cut % Math.max(text.length, 1)))

/** Numbers no double holds, written as JSON text (JSON.stringify would make them null). */
const hugeNumbers = fc.oneof(
  fc.constantFrom(
    '{"name":"Pen","price":1e309}',
    '{"name":"Pen","price":-1e309}',
    '{"name":"Pen","price":1e-400}',
    '{"name":"Pen","price":123456789012345678901234567890}',
    '{"name":"Pen","price":0.1234567890123456789012345678901}',
    '{"name":"Pen","price":-0}',
    '{"name":"Pen","price":1E+2}',
    '{"name":"Pen","price":0x10}',
    '{"name":"Pen","price":01}',
    '{"name":"Pen","price":.5}',
    '{"name":"Pen","price":NaN}',
    '{"name":"Pen","price":Infinity}',
    '{"name":"Pen","price":"1e309"}',
    '{"name":1e309,"price":1}'
  ),
  fc
    .integer({ min: 20, max: 200_000 })
    .map((digits) => `{"name":"Pen","price":${'9'.repeat(digits)}}`)
)

/** NUL and characters that are valid but unusual, or not valid UTF-8 at all. */
const unusualText = fc.oneof(
  fc.constantFrom<string | Buffer>(
    '{"name":"Pen\u0000","price":1}',
    '{"name":"Pen\\u0000","price":1}',
    '{"name\\u0000":"Pen","price":1}',
    '{"name":"\\ud800","price":1}',
    '{"name":"\\udfff\\ud800","price":1}',
    '{"name":"\ud83d","price":1}',
    '\ufeff{"name":"Pen","price":1}',
    '{"name":"\u202e\u200b\u200d\ufffe\uffff","price":1}',
    `{"name":"e${'\u0301'.repeat(50_000)}","price":1}`,
    '{"name":"\u2028\u2029","price":1}',
    '{"name":"Pen","price":1}\u0000',
    '\u0000{"name":"Pen","price":1}',
    '{"name":"Ｐｅｎ","price":"１"}',
    '{"name":"Pen","price":1,"category":"\uDB40\uDC01"}',
    Buffer.from('{"name":"\xff\xfe","price":1}', 'latin1'),
    Buffer.from('{"name":"\xc0\xaf","price":1}', 'latin1'),
    Buffer.from('{"name":"\xed\xa0\x80","price":1}', 'latin1'),
    Buffer.from('{"name":"Pen","price":1}', 'utf16le'),
    Buffer.from([0xef, 0xbb, 0xbf, ...Buffer.from('{"name":"Pen","price":1}')])
  ),
  fc
    .string({ unit: 'binary', minLength: 1, maxLength: 40 })
    .map((name) => JSON.stringify({ name, price: 1 })),
  fc.uint8Array({ maxLength: 200 }).map((bytes) => Buffer.from(bytes))
)

/** Nesting at any depth, 100,000 levels included, in arrays, objects and both. */
const deepNesting = fc
  .tuple(
    fc.oneof(fc.integer({ min: 30, max: 200_000 }), fc.constant(100_000)),
    fc.constantFrom('array', 'object', 'mixed', 'inside a field', 'unclosed')
  )
  .map(([depth, shape]) => {
    if (shape === 'array') return nested(depth)
    if (shape === 'object') return nestedObject(depth)
    if (shape === 'mixed') return '[{"a":'.repeat(depth) + '1' + '}]'.repeat(depth)
    if (shape === 'inside a field') return `{"name":"Pen","price":1,"category":${nested(depth)}}`
    return '['.repeat(depth)
  })

/** Arrays of every size up to past the 1 MB limit, at the top and inside a field. */
const hugeArrays = fc
  .tuple(fc.integer({ min: 1_000, max: 600_000 }), fc.constantFrom('field', 'top', 'products'))
  .map(([length, shape]) => {
    if (shape === 'field') return `{"name":"Pen","price":1,"category":[${'0,'.repeat(length)}0]}`
    if (shape === 'top') return `[${'{},'.repeat(length)}{}]`
    return `[${'{"name":"Pen","price":1},'.repeat(Math.ceil(length / 20))}{}]`
  })

/**
 * Many keys or values in a small body, around and far past the structure limits (1,000 keys per
 * object, 10,000 items, 100,000 values): one object of unknown keys, many small objects, keys
 * spread over nested objects. Each costs the server work per key unless refused from the text.
 */
const manyKeys = fc
  .tuple(
    fc.oneof(fc.integer({ min: 990, max: 1_010 }), fc.integer({ min: 1_000, max: 80_000 })),
    fc.constantFrom('one object', 'with fields', 'many objects', 'nested')
  )
  .map(([count, shape]) => {
    const keys = (n: number) => Array.from({ length: n }, (_, i) => `"k${i}":${i}`).join(',')
    if (shape === 'one object') return `{${keys(count)}}`
    if (shape === 'with fields') return `{"name":"","price":"x",${keys(count)}}`
    if (shape === 'many objects')
      return `[${Array(Math.ceil(count / 10))
        .fill(`{${keys(10)}}`)
        .join(',')}]`
    return `{"a":{${keys(Math.ceil(count / 2))}},"b":{${keys(Math.floor(count / 2))}}}`
  })

/** Keys that reach an object's prototype when a parser or a merge is careless. */
const prototypeKeys = fc.oneof(
  fc.constantFrom(
    '{"__proto__":{"admin":true},"name":"Pen","price":1}',
    '{"name":"Pen","price":1,"__proto__":{"price":-1}}',
    '{"constructor":{"prototype":{"polluted":true}},"name":"Pen","price":1}',
    '{"name":{"__proto__":{"length":1}},"price":1}',
    '{"name":"Pen","price":{"constructor":{"name":"Number"}}}',
    '{"prototype":1,"name":"Pen","price":1}',
    '[{"__proto__":[]}]',
    '{"__proto__":null}',
    '{"__proto__":"x","__proto__":"y"}',
    '{"toString":1,"valueOf":2,"hasOwnProperty":3,"name":"Pen","price":1}'
  ),
  fc
    .array(
      fc.tuple(
        fc.constantFrom(
          '__proto__',
          'constructor',
          'prototype',
          'name',
          'price',
          'category',
          'toString',
          'valueOf',
          'hasOwnProperty',
          '',
          'x'.repeat(10_000)
        ),
        fc.oneof(
          fc.jsonValue({ maxDepth: 2 }).map((value) => JSON.stringify(value)),
          fc.constant('{"polluted":true}')
        )
      ),
      { maxLength: 6 }
    )
    .map(objectText)
)

/** Text of a length around a limit, in characters that count differently by measure. */
const textAround = (limit: number) =>
  fc
    .tuple(
      fc.integer({ min: limit - 2, max: limit + 2 }),
      fc.constantFrom('a', 'é', 'e\u0301', '😀', '\u3000', ' ', '\ud800', '\u202e', '\t', 'ß')
    )
    .map(([length, unit]) => unit.repeat(Math.max(length, 0)))

/** Numbers at the edges of a price: the limits, a cent either side, float rounding. */
const edgePrices = fc.constantFrom(
  '0',
  '-0',
  '0.0',
  '0.01',
  '0.005',
  '-0.01',
  '999999999999.99',
  '999999999999.995',
  '1000000000000',
  '999999999999.999',
  '1.005',
  '0.30000000000000004',
  '1.10',
  '1.000000000000000000001',
  '9007199254740993',
  '5e-324',
  '2.220446049250313e-16',
  '1e2',
  '12.5e-1'
)

/**
 * Products that are nearly valid, at the edges the database cares about: names and categories
 * around their column lengths (200 and 100) in characters wider than one code unit, prices at
 * their limits. These are the bodies that get past validation to the database.
 */
const nearValidProducts = fc
  .record({
    name: fc.oneof(textAround(200), textAround(1), fc.constant('Pen')),
    price: edgePrices,
    category: fc.option(fc.oneof(textAround(100), textAround(1)), { nil: undefined }),
  })
  .map(
    ({ name, price, category }) =>
      `{"name":${JSON.stringify(name)},"price":${price}${category === undefined ? '' : `,"category":${JSON.stringify(category)}`}}`
  )

/** Bodies every valid request may carry, for the good requests mixed in. */
export const validProducts = fc.record({
  name: fc.string({ minLength: 3, maxLength: 40 }).filter((name) => !name.includes('\u0000')),
  price: fc.integer({ min: 1, max: 100_000 }).map((cents) => cents / 100),
  category: fc.constantFrom('Pens', 'Paper', 'Ink'),
})

/**
 * Bodies for the chaos run: the JSON bodies above plus malformed and truncated JSON, huge
 * numbers, NUL and unusual Unicode, deep nesting, huge arrays, many keys and prototype keys. Strings go out
 * as UTF-8; buffers carry bytes that are not valid UTF-8.
 */
export const oddBodies: fc.Arbitrary<string | Buffer | undefined> = fc.oneof(
  { weight: 4, arbitrary: jsonBodies },
  { weight: 3, arbitrary: nearValidProducts },
  { weight: 2, arbitrary: truncated },
  { weight: 2, arbitrary: hugeNumbers },
  { weight: 3, arbitrary: unusualText },
  { weight: 1, arbitrary: deepNesting },
  { weight: 1, arbitrary: hugeArrays },
  { weight: 1, arbitrary: manyKeys },
  { weight: 2, arbitrary: prototypeKeys },
  { weight: 1, arbitrary: fc.constantFrom('', ' ', '\r\n', '{}', '[]', '{"":""}', 'null') }
)
