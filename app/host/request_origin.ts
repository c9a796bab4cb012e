import type { HttpContext } from '@adonisjs/core/http'
import {
  traceContextOfHeaders,
  type RequestOrigin,
} from '../building_blocks/infrastructure/messaging/request_origin.js'

/** The request an event is written during: its id, and the trace context its client sent. */
export function requestOrigin(ctx: HttpContext | null | undefined): RequestOrigin | undefined {
  if (!ctx) return undefined
  const { request } = ctx
  return {
    correlationId: request.id(),
    traceContext: traceContextOfHeaders(
      request.header('traceparent'),
      request.header('tracestate')
    ),
  }
}
