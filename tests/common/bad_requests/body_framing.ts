import fc from 'fast-check'
import { gzipSync } from 'node:zlib'
import { oddBodies } from './bodies.js'
import { halfClosing, post, PRODUCT, stoppingShort } from './raw_cases.js'

/*
 * Bodies framed wrongly or unusually: Content-Length repeated, contradicted, not a number, or
 * not the body's length; Transfer-Encoding chunked with bad chunks, unknown, repeated, or
 * alongside a Content-Length.
 */

const creates = fc.constantFrom('/api/catalog', '/api/v2/catalog', '/api/v1/catalog')

const chunk = (bytes: Buffer | string) =>
  `${Buffer.byteLength(bytes).toString(16)}\r\n${bytes.toString()}\r\n`

const someBody = oddBodies.map((body) => Buffer.from(body ?? PRODUCT))

/** Whole requests, plain or gzip, whose sender half-closes once they are sent. */
export const halfClosedRequests = fc
  .tuple(creates, someBody, fc.boolean())
  .map(([target, body, compressed]) => {
    const bytes = compressed ? gzipSync(body) : body
    return halfClosing(
      post(
        `half-closed after a${compressed ? ' gzip' : ''} body`,
        target,
        [
          ...(compressed ? ([['content-encoding', 'gzip']] as Array<[string, string]>) : []),
          ['content-length', String(bytes.length)],
        ],
        bytes
      )
    )
  })

export const contentLengths = fc.oneof(
  fc.tuple(creates, someBody).map(([target, body]) =>
    post(
      'two equal Content-Length',
      target,
      [
        ['content-length', String(body.length)],
        ['content-length', String(body.length)],
      ],
      body
    )
  ),
  fc.tuple(creates, someBody, fc.integer({ min: 1, max: 50 })).map(([target, body, extra]) =>
    post(
      'two different Content-Length',
      target,
      [
        ['content-length', String(body.length)],
        ['content-length', String(body.length + extra)],
      ],
      body
    )
  ),
  fc
    .tuple(creates, someBody)
    .map(([target, body]) =>
      post(
        'Content-Length "n, n"',
        target,
        [['content-length', `${body.length}, ${body.length}`]],
        body
      )
    ),
  fc
    .tuple(creates, someBody, fc.integer({ min: 1, max: 10_000 }))
    .map(([target, body, missing]) =>
      stoppingShort(
        post(
          'Content-Length larger than the body',
          target,
          [['content-length', String(body.length + missing)]],
          body
        )
      )
    ),
  fc
    .tuple(creates, someBody, fc.nat())
    .map(([target, body, cut]) =>
      post(
        'Content-Length smaller than the body',
        target,
        [['content-length', String(cut % Math.max(body.length, 1))]],
        body
      )
    ),
  fc
    .tuple(
      creates,
      fc.constantFrom(
        '-1',
        'abc',
        '1e3',
        '0x10',
        ' 26 ',
        '+26',
        '26.0',
        '99999999999999999999',
        '',
        '2 6'
      )
    )
    .map(([target, length]) =>
      post('Content-Length not a number', target, [['content-length', length]], PRODUCT)
    )
)

export const transferEncodings = fc.oneof(
  creates.map((target) =>
    post('chunked body', target, [['transfer-encoding', 'chunked']], `${chunk(PRODUCT)}0\r\n\r\n`)
  ),
  fc
    .tuple(creates, someBody)
    .map(([target, body]) =>
      post(
        'chunked body of odd JSON',
        target,
        [['transfer-encoding', 'chunked']],
        `${chunk(body)}0\r\n\r\n`
      )
    ),
  fc
    .tuple(creates, fc.constantFrom('zz', '-1', 'ffffffffffffffffff', '1;ext=', ' 1a', '1a 1', ''))
    .map(([target, size]) =>
      post(
        'chunked, bad size line',
        target,
        [['transfer-encoding', 'chunked']],
        `${size}\r\n${PRODUCT}\r\n0\r\n\r\n`
      )
    ),
  creates.map((target) =>
    stoppingShort(
      post('chunked, no last chunk', target, [['transfer-encoding', 'chunked']], chunk(PRODUCT))
    )
  ),
  creates.map((target) =>
    post(
      'chunked, chunk longer than its size',
      target,
      [['transfer-encoding', 'chunked']],
      `4\r\n${PRODUCT}\r\n0\r\n\r\n`
    )
  ),
  creates.map((target) =>
    post(
      'chunked, trailer fields',
      target,
      [['transfer-encoding', 'chunked']],
      `${chunk(PRODUCT)}0\r\nx-trailer: 1\r\ncontent-length: 5\r\n\r\n`
    )
  ),
  fc
    .tuple(
      creates,
      fc.constantFrom(
        'gzip',
        'identity',
        'xchunked',
        'chunked, chunked',
        'Chunked',
        ' chunked',
        'chunked;q=1',
        'deflate, chunked',
        'chunked, gzip',
        ''
      )
    )
    .map(([target, encoding]) =>
      post(
        `Transfer-Encoding "${encoding}"`,
        target,
        [['transfer-encoding', encoding]],
        `${chunk(PRODUCT)}0\r\n\r\n`
      )
    ),
  creates.map((target) =>
    post(
      'gzip, chunked (valid)',
      target,
      [['transfer-encoding', 'gzip, chunked']],
      `${chunk(gzipSync(PRODUCT).toString('latin1'))}0\r\n\r\n`
    )
  ),
  creates.map((target) =>
    post(
      'two Transfer-Encoding lines',
      target,
      [
        ['transfer-encoding', 'chunked'],
        ['transfer-encoding', 'chunked'],
      ],
      `${chunk(PRODUCT)}0\r\n\r\n`
    )
  ),
  creates.map((target) =>
    post(
      'Transfer-Encoding and Content-Length',
      target,
      [
        ['transfer-encoding', 'chunked'],
        ['content-length', '5'],
      ],
      `${chunk(PRODUCT)}0\r\n\r\n`
    )
  )
)
