import { test } from '@japa/runner'
import { request } from 'node:http'
import { brotliCompressSync, deflateSync, gzipSync } from 'node:zlib'

interface Answer {
  status: number
  body: { code?: string; detail?: string } | string
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
          resolve({ status: response.statusCode ?? 0, body: JSON.parse(text) })
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
})
