import { createRequire } from 'node:module'
import type { IncomingMessage } from 'node:http'
import type { Readable } from 'node:stream'
import getRawBody from 'raw-body'
import type { HttpContext } from '@adonisjs/core/http'
import { safeParse } from '@poppinss/utils/json'
import { MAX_JSON_DEPTH } from './json_depth.js'
import { containsNul, jsonTextDepth } from './json_text.js'
import type { ProblemInput } from './problem_details.js'

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

/**
 * Reads and parses a JSON request body the way AdonisJS's body parser does (gzip, deflate and br
 * decompressed, the size limit applied after decompression, prototype-poisoning keys removed),
 * with the checks that must come before parsing: nesting depth on the text itself, and a body
 * that does not decompress answered 400 instead of failing the request. Throws RefusedBody.
 */
export async function readJsonBody(ctx: HttpContext, limit: string | number): Promise<void> {
  const request = ctx.request.request
  const encoding = String(request.headers['content-encoding'] ?? 'identity').toLowerCase()
  const length = request.headers['content-length']
  let text: string
  let decoded: Readable | undefined
  try {
    decoded = inflate(request)
    text = await getRawBody(decoded, {
      encoding: 'utf8',
      limit,
      length: length && encoding === 'identity' ? Number(length) : undefined,
    })
  } catch (error) {
    discardRest(request, decoded)
    throw readFailure(error as RawBodyError, encoding, limit)
  }

  if (text.length === 0) return ctx.request.setInitialBody({})
  if (!DOCUMENT_START.test(text)) throw new RefusedBody({ status: 400, ...MALFORMED })
  if (jsonTextDepth(text, MAX_JSON_DEPTH) > MAX_JSON_DEPTH) {
    throw new RefusedBody({
      status: 400,
      code: 'Request.TooDeep',
      detail: `The JSON body nests deeper than ${MAX_JSON_DEPTH} levels`,
    })
  }
  let parsed: unknown
  try {
    parsed = safeParse(text)
  } catch {
    throw new RefusedBody({ status: 400, ...MALFORMED })
  }
  if (containsNul(parsed)) {
    throw new RefusedBody({
      status: 400,
      code: 'Request.InvalidCharacter',
      detail: 'The body holds the NUL character (\\u0000), which no field accepts: remove it',
    })
  }
  ctx.request.setInitialBody(parsed as Record<string, unknown>)
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
