import fc from 'fast-check'
import { requestBytes } from './generated_request.js'
import { paths } from './paths.js'
import { get, HOST, post, PRODUCT, raw } from './raw_cases.js'

/*
 * Request lines and header sections no HTTP client writes: CONNECT, odd versions and methods,
 * bare line feeds, folded or malformed header lines, too many or too long headers, missing or
 * repeated Host, Expect and Upgrade, and bytes pipelined after a request.
 */

export const requestLines = fc.oneof(
  fc
    .constantFrom('example.com:443', '127.0.0.1:5432', '/api/catalog/sample', '*', '[::1]:80', '')
    .map((target) =>
      raw(
        `CONNECT ${target}`,
        requestBytes({ method: 'CONNECT', target, headers: [['host', target]] })
      )
    ),
  fc
    .string({ unit: 'binary', minLength: 1, maxLength: 60 })
    .map((tunnelled) =>
      raw(
        'CONNECT, then bytes',
        requestBytes(
          { method: 'CONNECT', target: 'example.com:443', headers: [['host', 'example.com:443']] },
          tunnelled
        )
      )
    ),
  fc
    .tuple(
      fc.constantFrom(
        'HTTP/1.0',
        'HTTP/0.9',
        'HTTP/2.0',
        'HTTP/1.2',
        'HTTP/1.1.1',
        'http/1.1',
        'HTTP/1',
        'HTTP/1.1 extra'
      ),
      paths
    )
    .map(([version, target]) =>
      raw(
        `request line version ${version}`,
        requestBytes({ method: 'GET', target, headers: [HOST], version })
      )
    ),
  fc
    .constantFrom(
      'GET /api/catalog/sample\r\n\r\n',
      'GET\r\n\r\n',
      'get /api/catalog/sample HTTP/1.1\r\nhost: x\r\n\r\n',
      'G ET /api/catalog/sample HTTP/1.1\r\nhost: x\r\n\r\n',
      'GET  /api/catalog/sample  HTTP/1.1\r\nhost: x\r\n\r\n',
      'GET\t/api/catalog/sample\tHTTP/1.1\r\nhost: x\r\n\r\n',
      `${'X'.repeat(200)} /api/catalog/sample HTTP/1.1\r\nhost: x\r\n\r\n`,
      'OPTIONS * HTTP/1.1\r\nhost: x\r\n\r\n',
      'GET /api/catalog/sample HTTP/1.1\nhost: x\n\n',
      'GET /api/catalog/sample HTTP/1.1\rhost: x\r\r',
      '\r\n\r\nGET /api/catalog/sample HTTP/1.1\r\nhost: x\r\n\r\n',
      '\u0000\u0000\u0000\u0000',
      'PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n',
      '\u0016\u0003\u0001\u0000\u00a5\u0001\u0000\u0000\u00a1\u0003\u0003'
    )
    .map((text) => raw('odd request line', Buffer.from(text, 'latin1')))
)

export const headerLines = fc.constantFrom(
  get('folded header line', [HOST, ['x-api-version', '1.0\r\n 2.0']]),
  raw(
    'header line without a colon',
    Buffer.from('GET /api/catalog/sample HTTP/1.1\r\nhost: x\r\nx-api-version 1.0\r\n\r\n')
  ),
  get('space before the colon', [HOST, ['x-api-version ', '1.0']]),
  get('NUL in a header value', [HOST, ['x-api-version', '1.0\u0000']]),
  get('control character in a header value', [HOST, ['accept', 'application/json\u0007']]),
  get('header name with separators', [HOST, ['(x-api-version)', '1.0']]),
  get('empty header name', [HOST, ['', '1.0']]),
  get('3,000 header lines', [
    HOST,
    ...Array.from({ length: 3000 }, (_, index): [string, string] => [`x-h${index}`, 'v']),
  ]),
  get('a 20 KB header value', [HOST, ['x-api-version', '1'.repeat(20_000)]]),
  get('two Host lines', [HOST, ['host', 'evil.example']]),
  get('no Host line', []),
  get('Host with a path', [['host', '127.0.0.1/api']]),
  get('Expect: 100-continue', [HOST, ['expect', '100-continue']]),
  get('Expect: nonsense', [HOST, ['expect', 'nonsense']]),
  get('Upgrade: websocket', [
    HOST,
    ['connection', 'Upgrade'],
    ['upgrade', 'websocket'],
    ['sec-websocket-version', '13'],
    ['sec-websocket-key', 'dGhlIHNhbXBsZSBub25jZQ=='],
  ]),
  get('Upgrade: h2c', [
    HOST,
    ['connection', 'Upgrade, HTTP2-Settings'],
    ['upgrade', 'h2c'],
    ['http2-settings', 'AAMAAABkAARAAAAAAAIAAAAA'],
  ]),
  get('Connection: close and keep-alive', [
    HOST,
    ['connection', 'close'],
    ['connection', 'keep-alive'],
  ]),
  get('a body on a GET with Content-Length', [HOST, ['content-length', '26']], PRODUCT),
  post(
    'Expect: 100-continue with a body',
    '/api/catalog',
    [
      ['expect', '100-continue'],
      ['content-length', String(PRODUCT.length)],
    ],
    PRODUCT
  ),
  post(
    'two different Content-Type lines',
    '/api/catalog',
    [
      ['content-type', 'text/plain'],
      ['content-length', String(PRODUCT.length)],
    ],
    PRODUCT
  )
)

export const pipelined = fc
  .tuple(
    fc.oneof(paths, fc.constant('/api/catalog/sample')),
    fc.string({ unit: 'binary', maxLength: 60 })
  )
  .map(([target, trailing]) =>
    raw(
      'pipelined: a good request, then bytes',
      Buffer.concat([
        requestBytes({ method: 'GET', target, headers: [HOST] }),
        Buffer.from(trailing),
      ])
    )
  )
