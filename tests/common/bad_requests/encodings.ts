import fc from 'fast-check'
import { brotliCompressSync, constants, deflateSync, gzipSync } from 'node:zlib'

export interface EncodedBody {
  /** Which of the cases below it is. */
  encoding: string
  body?: Buffer
  /** The Content-Encoding line(s) it goes out with; none when it is sent as it is. */
  headers: Array<[string, string]>
}

type Encoder = (bytes: Buffer) => Buffer

// Fast settings: brotli's default (quality 11) takes seconds on a 1 MB body.
const brotli: Encoder = (bytes) =>
  brotliCompressSync(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } })

/** A small gzip body that inflates to 5 MB, past every body limit. */
let bomb: Buffer | undefined
const gzipBomb = () => (bomb ??= gzipSync(Buffer.alloc(5 * 1024 * 1024, 0x20)))

/**
 * How a body is encoded, and what Content-Encoding says it is: nothing; gzip, deflate or br
 * done right (of whatever the body is, bad JSON included); garbage or a cut-off stream under
 * a real encoding's name; unknown, repeated or differently written encodings; a gzip bomb.
 */
const cases: Record<string, (bytes: Buffer) => Omit<EncodedBody, 'encoding'>> = {
  'none': (bytes) => ({ body: bytes, headers: [] }),
  'gzip': (bytes) => ({ body: gzipSync(bytes), headers: [['content-encoding', 'gzip']] }),
  'deflate': (bytes) => ({ body: deflateSync(bytes), headers: [['content-encoding', 'deflate']] }),
  'br': (bytes) => ({ body: brotli(bytes), headers: [['content-encoding', 'br']] }),
  'gzip of nothing compressed': (bytes) => ({
    body: bytes,
    headers: [['content-encoding', 'gzip']],
  }),
  'deflate of nothing compressed': (bytes) => ({
    body: bytes,
    headers: [['content-encoding', 'deflate']],
  }),
  'br of nothing compressed': (bytes) => ({ body: bytes, headers: [['content-encoding', 'br']] }),
  'cut-off gzip': (bytes) => ({
    body: gzipSync(bytes).subarray(0, 12),
    headers: [['content-encoding', 'gzip']],
  }),
  'gzip said twice, applied once': (bytes) => ({
    body: gzipSync(bytes),
    headers: [['content-encoding', 'gzip, gzip']],
  }),
  'gzip then deflate, applied as gzip': (bytes) => ({
    body: gzipSync(bytes),
    headers: [['content-encoding', 'gzip, deflate']],
  }),
  'two Content-Encoding lines': (bytes) => ({
    body: gzipSync(bytes),
    headers: [
      ['content-encoding', 'gzip'],
      ['content-encoding', 'br'],
    ],
  }),
  'GZIP in capitals': (bytes) => ({
    body: gzipSync(bytes),
    headers: [['content-encoding', 'GZIP']],
  }),
  'x-gzip': (bytes) => ({ body: gzipSync(bytes), headers: [['content-encoding', 'x-gzip']] }),
  'identity': (bytes) => ({ body: bytes, headers: [['content-encoding', 'identity']] }),
  'zstd (unknown here)': (bytes) => ({ body: bytes, headers: [['content-encoding', 'zstd']] }),
  'compress': (bytes) => ({ body: bytes, headers: [['content-encoding', 'compress']] }),
  'empty': (bytes) => ({ body: bytes, headers: [['content-encoding', '']] }),
  'gzip with parameters': (bytes) => ({
    body: gzipSync(bytes),
    headers: [['content-encoding', 'gzip;q=1']],
  }),
  'gzip bomb': () => ({ body: gzipBomb(), headers: [['content-encoding', 'gzip']] }),
}

const ENCODING_CASES = Object.keys(cases)

/** The body as one of the cases above; no body stays no body, whatever the header says. */
export function encodedBodies(body: string | Buffer | undefined): fc.Arbitrary<EncodedBody> {
  return fc
    .oneof(
      { weight: 10, arbitrary: fc.constant('none') },
      { weight: 6, arbitrary: fc.constantFrom(...ENCODING_CASES) }
    )
    .map((encoding) => {
      if (body === undefined) return { encoding, headers: cases[encoding](Buffer.alloc(0)).headers }
      return { encoding, ...cases[encoding](typeof body === 'string' ? Buffer.from(body) : body) }
    })
}
