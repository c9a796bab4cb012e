import type { IncomingMessage, ServerResponse } from 'node:http'
import {
  SECURITY_HEADERS,
  STRICT_TRANSPORT_SECURITY,
} from '../building_blocks/infrastructure/http/security_headers.js'

/** What the AdonisJS server makes each request's response with. */
interface ResponseFactory<Response extends { header(name: string, value: string): unknown }> {
  createResponse(request: IncomingMessage, response: ServerResponse): Response
}

/**
 * Puts the security headers (building_blocks/infrastructure/http/security_headers.ts) on every
 * answer the AdonisJS server gives, and Strict-Transport-Security on the requests `hsts` picks.
 * The server makes one response object per request with `createResponse`, before any middleware
 * or route runs; the headers go into that object's own headers, so a route still sets its own
 * value of one, and Node writes them with the rest in one go. (Set on Node's response instead,
 * they cost twice as much: Node then merges every other header into them one by one.) A URL
 * AdonisJS cannot decode gets no response object: `answerBadUrl` sends the headers itself.
 * tests/integration/hardening/security_headers.spec.ts fails if AdonisJS stops calling
 * `createResponse`.
 *
 * Neither server middleware nor @adonisjs/shield: AdonisJS builds each middleware class through
 * the container on every request, about 3 µs (docs/performance.md), for four constant headers.
 * Shield's middleware is such a class, awaiting five guards per request; it brings
 * @adonisjs/session (a required peer) for a CSRF guard an API without sessions turns off, makes a
 * random CSP nonce per request, has no Referrer-Policy, and sends Strict-Transport-Security over
 * plain HTTP too.
 */
export function secureEveryAnswer<
  Response extends { header(name: string, value: string): unknown },
>(server: ResponseFactory<Response>, hsts?: (request: IncomingMessage) => boolean): void {
  const headers = Object.entries(SECURITY_HEADERS)
  const createResponse = server.createResponse.bind(server)
  server.createResponse = (request, response) => {
    const answer = createResponse(request, response)
    for (const [name, value] of headers) answer.header(name, value)
    if (hsts?.(request)) answer.header('strict-transport-security', STRICT_TRANSPORT_SECURITY)
    return answer
  }
}
