import fc from 'fast-check'

/** A well-formed product id that nothing ever creates. */
export const SOME_ID = '01900000-0000-7000-8000-000000000000'

/** API versions as a client might write them, valid or not. */
export const versions = fc.oneof(
  fc.constantFrom('1.0', '2.0', '2', 'v1', '9.0', 'abc', '', '1.0.0', '-1', 'NaN', '1e9', '٢'),
  fc.string({ maxLength: 12 })
)

const weirdStrings = fc.oneof(
  fc.string(),
  fc.string({ unit: 'binary', maxLength: 50 }),
  fc.constantFrom(
    "'; DROP TABLE catalog_products; --",
    '" OR ""="',
    'NaN',
    'Infinity',
    '-0',
    '1e309',
    '\u0000\u0001\u0007',
    '\u202e\ufeff',
    '😀'.repeat(100),
    '<script>alert(1)</script>',
    '__proto__'
  )
)

const weirdNumbers = fc.oneof(
  fc.double(),
  fc.integer(),
  fc.constantFrom(0, -0, 1e308, -1e308, 5e-324, Number.MAX_SAFE_INTEGER + 2, 19.99, 0.001)
)

/** Something shaped like a product, every field of any type or missing. */
export const productLike = fc.record(
  {
    name: fc.oneof(weirdStrings, weirdNumbers, fc.constant(null), fc.array(fc.string())),
    price: fc.oneof(weirdNumbers, weirdStrings, fc.constant(null), fc.boolean()),
    category: fc.oneof(weirdStrings, fc.constant(null), weirdNumbers),
  },
  { requiredKeys: [] }
)
