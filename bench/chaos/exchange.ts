import type { Agent } from 'node:http'
import {
  clientCaseBytes,
  type GeneratedRequest,
} from '#tests/common/bad_requests/generated_request'
import { clientExchange } from './client_exchange.js'
import type { Outcome } from './outcome.js'
import { rawExchange } from './raw_exchange.js'

/**
 * Sends one generated request the way it has to go: broken framing over a raw socket, the rest
 * with the HTTP client, or over a raw socket too when the client will not write it as given.
 */
export function exchange(
  agent: Agent,
  port: number,
  request: GeneratedRequest,
  limitMs: number
): Promise<Outcome> {
  if (request.framing === 'raw') return rawExchange(port, request, limitMs)
  try {
    return clientExchange(agent, port, request, limitMs)
  } catch {
    return rawExchange(port, { bytes: sentBytes(request, port) }, limitMs)
  }
}

/** The bytes a request goes out as over a raw socket, to reproduce it. */
export function sentBytes(request: GeneratedRequest, port: number): Buffer {
  return request.framing === 'raw' ? request.bytes : clientCaseBytes(request, `127.0.0.1:${port}`)
}
