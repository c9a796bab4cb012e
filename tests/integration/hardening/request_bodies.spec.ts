import { test } from '@japa/runner'
import { request } from 'node:http'
import { brotliCompressSync, deflateSync, gzipSync } from 'node:zlib'

interface Answer {
  status: number
  body: {
    code?: string
    detail?: string
    errors?: Array<{ field?: string; code: string }>
    omittedErrors?: number
  }
  bytes: number
}

/** POSTs bytes exactly as given to the suite's server, with the headers given. */
function post(path: string, body: Buffer | string, headers: Record<string, string> = {}) {
  const bytes = typeof body === 'string' ? Buffer.from(body) : body
  return new Promise<Answer>((resolve, reject) => {
    const sent = request(
      {
        host: process.env.HOST,
        port: process.env.PORT,
        path,
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'content-length': String(bytes.length),
          ...headers,
        },
      },
      (response) => {
        let text = ''
        response.setEncoding('utf8')
        response.on('data', (chunk: string) => (text += chunk))
        response.on('end', () =>
          resolve({
            status: response.statusCode ?? 0,
            body: JSON.parse(text),
            bytes: Buffer.byteLength(text),
          })
        )
        response.on('error', reject)
      }
    )
    sent.on('error', reject)
    sent.end(bytes)
  })
}

const product = (name = 'Pen') => JSON.stringify({ name, price: 1.5 })
const nested = (levels: number) => '['.repeat(levels) + ']'.repeat(levels)
const nestedObject = (levels: number) => '{"a":'.repeat(levels) + '1' + '}'.repeat(levels)

test.group('Request bodies', () => {
  test('JSON nested {$self} deep is refused as too deep, with no internal text')
    .with([33, 5_000, 100_000])
    .run(async ({ assert }, levels) => {
      for (const body of [nested(levels), nestedObject(levels)]) {
        const answer = await post('/api/catalog', body)
        assert.equal(answer.status, 400)
        assert.deepInclude(answer.body, {
          code: 'Request.TooDeep',
          detail: 'The JSON body nests deeper than 32 levels',
        })
      }
    })

  test('brackets inside strings do not count as nesting', async ({ assert }) => {
    const answer = await post('/api/catalog', product('[{'.repeat(100)))
    assert.equal(answer.status, 201)
  })

  test('a {$self} body that does not decompress is a 400 that says so')
    .with(['gzip', 'deflate', 'br'])
    .run(async ({ assert }, encoding) => {
      for (const body of ['not compressed at all', gzipSync(product()).subarray(0, 12)]) {
        const answer = await post('/api/catalog', body, { 'content-encoding': encoding })
        assert.equal(answer.status, 400)
        assert.deepInclude(answer.body, { code: 'Request.UndecodableBody' })
        assert.include(
          (answer.body as { detail: string }).detail,
          `could not be decoded as ${encoding}`
        )
      }
    })

  test('compressed bodies are read; past the limit once decompressed is 413; an unknown encoding 415', async ({
    assert,
  }) => {
    const encoders = { gzip: gzipSync, deflate: deflateSync, br: brotliCompressSync }
    for (const [encoding, encode] of Object.entries(encoders)) {
      const answer = await post('/api/catalog', encode(product()), { 'content-encoding': encoding })
      assert.equal(answer.status, 201, encoding)
    }
    const bomb = gzipSync(JSON.stringify({ name: 'x'.repeat(5_000_000), price: 1 }))
    const tooLarge = await post('/api/catalog', bomb, { 'content-encoding': 'gzip' })
    assert.equal(tooLarge.status, 413)
    assert.deepInclude(tooLarge.body, { code: 'Request.TooLarge' })

    const unknown = await post('/api/catalog', product(), { 'content-encoding': 'zstd-9' })
    assert.equal(unknown.status, 415)
  })

  test('a NUL character anywhere in the body is refused on every database', async ({ assert }) => {
    for (const body of [
      product('Pen\u0000'),
      JSON.stringify({ name: 'Pen', price: 1, ['x\u0000']: 1 }),
      JSON.stringify({ name: 'Pen', price: 1, category: ['\u0000'] }),
    ]) {
      const answer = await post('/api/v2/catalog', body)
      assert.equal(answer.status, 400)
      assert.deepInclude(answer.body, { code: 'Request.InvalidCharacter' })
    }
    // The six characters \u0000 written as text (an escaped backslash) are ordinary text.
    const text = await post('/api/catalog', '{"name":"a\\\\u0000b","price":1}')
    assert.equal(text.status, 201)
  })

  test('a body that is not an object or array, or not JSON, is malformed JSON', async ({
    assert,
  }) => {
    for (const body of ['42', '"text"', '{"name":', 'null']) {
      const answer = await post('/api/catalog', body)
      assert.equal(answer.status, 400, body)
      assert.deepInclude(answer.body, { code: 'Request.InvalidJson' })
    }
  })

  test('a lone half of a surrogate pair, or bytes that are not UTF-8, are refused, not stored altered', async ({
    assert,
  }) => {
    for (const body of [
      '{"name":"x\\ud800y","price":1}',
      '{"name":"Pen","price":1,"category":"\\udfff"}',
      Buffer.concat([
        Buffer.from('{"name":"x'),
        Buffer.from([0xff, 0xfe]),
        Buffer.from('","price":1}'),
      ]),
    ]) {
      const answer = await post('/api/v2/catalog', body)
      assert.equal(answer.status, 400, String(body))
      assert.deepInclude(answer.body, { code: 'Request.InvalidCharacter' })
    }
    // A whole pair, escaped or not, is one character like any other.
    const pair = await post('/api/catalog', '{"name":"\\ud83d\\ude00 😀","price":1}')
    assert.equal(pair.status, 201)
  })

  test('__proto__ and constructor.prototype keys are fields the endpoint does not define', async ({
    assert,
  }) => {
    for (const [body, field] of [
      ['{"name":"Pen","price":1,"__proto__":{"admin":true}}', '__proto__'],
      ['{"name":"Pen","price":1,"constructor":{"prototype":{"admin":true}}}', 'constructor'],
      ['{"name":"Pen","price":1,"constructor":1}', 'constructor'],
    ]) {
      const answer = await post('/api/catalog', body)
      assert.equal(answer.status, 400, body)
      assert.equal(answer.body.code, 'Validation.Failed')
      assert.include(
        answer.body.errors!.map((error) => `${error.field}:${error.code}`),
        `${field}:unknownField`
      )
    }
  })

  test('unknown fields are reported together with every invalid field', async ({ assert }) => {
    const answer = await post('/api/catalog', '{"name":"","price":"x","extra":1}')
    assert.equal(answer.status, 400)
    assert.sameMembers(
      answer.body.errors!.map((error) => `${error.field}:${error.code}`),
      ['extra:unknownField', 'name:minLength', 'price:number']
    )
  })

  test('the errors of a body with hundreds of bad fields are capped, and the answer stays small', async ({
    assert,
  }) => {
    const body = JSON.stringify(
      Object.fromEntries([['name', ''], ...Array.from({ length: 900 }, (_, i) => [`k${i}`, i])])
    )
    const answer = await post('/api/catalog', body)
    assert.equal(answer.status, 400)
    assert.lengthOf(answer.body.errors!, 20)
    assert.equal(answer.body.omittedErrors, 900 + 2 - 20) // 900 unknown, name and price invalid
    assert.match(answer.body.detail!, /and 880 more$/)
    assert.isBelow(answer.bytes, 6_000)
  })

  test('a body of {what} is refused from its text, with an answer of a few KB')
    .with([
      {
        what: '50,000 keys in one object',
        body: () =>
          JSON.stringify(
            Object.fromEntries(Array.from({ length: 50_000 }, (_, i) => [`k${i}`, i]))
          ),
        detail: 'An object in the body has more than 1000 keys: send less in one request',
      },
      {
        what: '20,000 items in one array',
        body: () => JSON.stringify({ name: 'Pen', price: 1, category: Array(20_000).fill(0) }),
        detail: 'An array in the body has more than 10000 items: send less in one request',
      },
      {
        what: '120,000 values in all',
        body: () => JSON.stringify({ a: Array.from({ length: 20 }, () => Array(6_000).fill(0)) }),
        detail: 'The body holds more than 100000 values in all: send less in one request',
      },
    ])
    .run(async ({ assert }, { body, detail }) => {
      const answer = await post('/api/catalog', body())
      assert.equal(answer.status, 400)
      assert.deepInclude(answer.body, { code: 'Request.TooManyValues', detail })
      assert.isBelow(answer.bytes, 1_000)
    })
})
