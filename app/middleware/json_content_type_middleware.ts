import type { HttpContext } from '@adonisjs/core/http'
import type { NextFn } from '@adonisjs/core/types/http'
import { sendProblem } from '#building_blocks/infrastructure/http/problem_details'

const JSON_TYPES = ['application/json', 'application/*+json']

/**
 * The API reads JSON only: a request that carries a body in any other media type is refused
 * with 415 before anything parses it (instead of being silently read as an empty object).
 */
export default class JsonContentTypeMiddleware {
  handle(ctx: HttpContext, next: NextFn) {
    if (ctx.request.hasBody() && !ctx.request.is(JSON_TYPES)) {
      const received = ctx.request.header('content-type') ?? 'none'
      return sendProblem(ctx, {
        status: 415,
        code: 'Request.UnsupportedMediaType',
        detail: `Send the body as application/json (received content type: ${received})`,
      })
    }
    return next()
  }
}
