import { createRequire } from 'node:module'
import type { IncomingMessage } from 'node:http'
import type { Readable } from 'node:stream'
import getRawBody from 'raw-body'
import type { HttpContext } from '@adonisjs/core/http'
import { jsonTextOverLimit, type JsonBodyLimits } from './json_body_limits.js'
import { invalidCharacter } from './json_text.js'
import { MAX_LISTED_ERRORS, type ProblemInput } from './problem_details.js'
import { prototypeKeys } from './prototype_keys.js'
import { unknownFieldsProblem } from './unknown_fields.js'

/**
 * The decompressing stream of the `inflation` package (what AdonisJS's body parser uses): the
 * request piped into a zlib stream, or the request itself when it is not compressed.
 */
const inflate = createRequire(import.meta.url)('inflation') as (
  request: IncomingMessage
) => Readable

/** A body the API refuses, as the problem to answer with. */
export class RefusedBody extends Error {
  constructor(readonly problem: ProblemInput) {
    super(problem.detail)
  }
}

interface RawBodyError {
  type?: string
  status?: number
  code?: string
}

/** Only an object or an array is a request document (AdonisJS's "strict" JSON). */
const DOCUMENT_START = /^[ \t\n\r]*[[{]/

/** Decodes UTF-8 strictly: a byte sequence that is no character is refused, not replaced. */
const utf8 = new TextDecoder('utf-8', { fatal: true })

/**
 * Reads and parses a JSON request body as AdonisJS's body parser would (gzip, deflate and br
 * decompressed, the size limit applied after decompression), with the checks that must come
 * before any work per key: the nesting depth and the counts of keys, items and values on the text
 * itself (`limits`), bytes that are not UTF-8, and a body that does not decompress, each answered
 * 400 instead of failing the request or holding the thread. Once parsed, characters no field
 * accepts and prototype keys are refused too. Throws RefusedBody.
 */
export async function readJsonBody(
  ctx: HttpContext,
  byteLimit: string | number,
  limits: JsonBodyLimits
): Promise<void> {
  const request = ctx.request.request
  const encoding = String(request.headers['content-encoding'] ?? 'identity').toLowerCase()
  const length = request.headers['content-length']
  let bytes: Buffer
  let decoded: Readable | undefined
  try {
    decoded = inflate(request)
    bytes = await getRawBody(decoded, {
      limit: byteLimit,
      length: length && encoding === 'identity' ? Number(length) : undefined,
    })
  } catch (error) {
    discardRest(request, decoded)
    throw readFailure(error as RawBodyError, encoding, byteLimit)
  }

  let text: string
  try {
    text = utf8.decode(bytes)
  } catch {
    throw new RefusedBody({ status: 400, ...NOT_UTF8 })
  }
  if (text.length === 0) return ctx.request.setInitialBody({})
  if (!DOCUMENT_START.test(text)) throw new RefusedBody({ status: 400, ...MALFORMED })
  const overLimit = jsonTextOverLimit(text, limits)
  if (overLimit) throw new RefusedBody({ status: 400, ...overLimit })
  let parsed: Record<string, unknown>
  try {
    // Plain JSON.parse keeps a `__proto__` key as an own key (it never sets the prototype), so
    // prototypeKeys can name it below instead of it vanishing.
    parsed = JSON.parse(text)
  } catch {
    throw new RefusedBody({ status: 400, ...MALFORMED })
  }
  const invalid = invalidCharacter(parsed)
  if (invalid) throw new RefusedBody({ status: 400, ...INVALID_CHARACTER[invalid] })
  const prototypeFields = prototypeKeys(parsed, MAX_LISTED_ERRORS + 1)
  if (prototypeFields.length > 0) {
    throw new RefusedBody(
      unknownFieldsProblem(prototypeFields.map((field) => ({ field, accepted: [] })))
    )
  }
  ctx.request.setInitialBody(parsed)
  ctx.request.updateRawBody(text)
}

/**
 * A body refused partway (over the limit once decompressed, or not decompressing) leaves the
 * rest of it unread, and the read is paused. Node's HTTP server reads and discards a body that
 * nothing started to read, but not one that was started: the keep-alive connection would stay
 * open with the client's next request stuck behind the unread bytes, unanswered until the
 * server's timeouts reset the connection. The rest is read and discarded instead, as Node does
 * (for no longer than the request timeout), so the connection serves the next request.
 */
function discardRest(request: IncomingMessage, decoded: Readable | undefined) {
  if (request.complete) return
  if (decoded && decoded !== request) {
    request.unpipe()
    decoded.destroy()
  }
  request.resume()
}

const NOT_UTF8 = {
  code: 'Request.InvalidCharacter',
  detail: 'The body is not valid UTF-8: send JSON encoded as UTF-8',
}

const INVALID_CHARACTER = {
  nul: {
    code: 'Request.InvalidCharacter',
    detail: 'The body holds the NUL character (\\u0000), which no field accepts: remove it',
  },
  loneSurrogate: {
    code: 'Request.InvalidCharacter',
    detail:
      'The body holds half of a UTF-16 surrogate pair (an escape such as \\ud800 without its other half), which is no character: send whole characters',
  },
}

const MALFORMED = {
  code: 'Request.InvalidJson',
  detail: 'The request body is not valid JSON: send a JSON object',
}

/** What a failed read answers: too large 413, unknown encoding 415, undecodable 400. */
function readFailure(error: RawBodyError, encoding: string, limit: string | number) {
  if (error.type === 'entity.too.large') {
    return new RefusedBody({
      status: 413,
      code: 'Request.TooLarge',
      detail: `The request body is over the ${limit} limit${encoding === 'identity' ? '' : ' once decompressed'}`,
    })
  }
  if (error.type === 'encoding.unsupported' || error.status === 415) {
    return new RefusedBody({
      status: 415,
      code: 'Request.UnsupportedMediaType',
      detail: `Content-Encoding "${encoding}" is not supported: send gzip, deflate, br or none`,
    })
  }
  // A client that went away has nobody to answer; anything else is the body itself.
  if (error.type === 'request.aborted') return error
  if (encoding !== 'identity') {
    return new RefusedBody({
      status: 400,
      code: 'Request.UndecodableBody',
      detail: `The body could not be decoded as ${encoding}: send it compressed as the Content-Encoding header says, or uncompressed without that header`,
    })
  }
  return new RefusedBody({
    status: 400,
    code: 'Request.UnreadableBody',
    detail: 'The body could not be read: its length or characters do not match its headers',
  })
}
