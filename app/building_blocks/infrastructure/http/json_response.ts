import type { HttpContext } from '@adonisjs/core/http'

/**
 * Sends any JSON value, strings included: the framework would send a bare string as
 * text/plain, while Pantheon's endpoints promise JSON (a created id is the JSON string "…").
 */
export function sendJson(ctx: HttpContext, status: number, value: unknown): void {
  ctx.response
    .status(status)
    .header('content-type', 'application/json; charset=utf-8')
    .send(JSON.stringify(value))
}
