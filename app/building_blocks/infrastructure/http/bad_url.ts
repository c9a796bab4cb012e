import { randomUUID } from 'node:crypto'
import type { IncomingMessage, ServerResponse } from 'node:http'
import { problemDocument } from './problem_details.js'
import { SECURITY_HEADERS } from './security_headers.js'

/**
 * `onBadUrl` of the `http` settings in config/app.ts. AdonisJS cannot decode a URL whose
 * percent-encoding is broken (`%ZZ`, a lone `%`) or does not encode UTF-8 (`%FF`, `%C0%AF`):
 * such a request reaches neither the router nor the error handler, and AdonisJS's own answer is
 * a plain-text "Bad Request". This answers it as every other failure is answered: 400 problem
 * details, code `Request.InvalidUrl`, with the request id as `traceId` and `X-Request-Id`, and
 * the security headers every answer carries (no Strict-Transport-Security: the host's other
 * answers teach a browser that).
 */
export function answerBadUrl(request: IncomingMessage, response: ServerResponse): void {
  // The id a client sent is kept, as AdonisJS keeps it for every other request.
  const sent = request.headers['x-request-id']
  const traceId = typeof sent === 'string' && sent !== '' ? sent : randomUUID()
  const problem = problemDocument(
    {
      status: 400,
      code: 'Request.InvalidUrl',
      detail:
        'The URL cannot be decoded: every % must start two hexadecimal digits, and the bytes they encode must be UTF-8',
    },
    { instance: (request.url ?? '').split('?')[0], traceId }
  )
  const body = JSON.stringify(problem)
  response.writeHead(400, {
    ...SECURITY_HEADERS,
    'content-type': 'application/problem+json; charset=utf-8',
    'content-length': Buffer.byteLength(body),
    'x-request-id': traceId,
  })
  response.end(body)
}
