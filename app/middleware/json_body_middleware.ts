import app from '@adonisjs/core/services/app'
import BodyParserMiddleware from '@adonisjs/core/bodyparser_middleware'
import type { HttpContext } from '@adonisjs/core/http'
import type { NextFn } from '@adonisjs/core/types/http'
import { jsonDepth, MAX_JSON_DEPTH } from '#building_blocks/infrastructure/http/json_depth'
import { sendProblem } from '#building_blocks/infrastructure/http/problem_details'

const JSON_TYPES = ['application/json', 'application/*+json']

/** AdonisJS's configured body parser (config/bodyparser.ts), resolved on the first request. */
let bodyParser: BodyParserMiddleware | undefined

/**
 * Reads a request's body the one way the API accepts it, in three steps: a body in any other
 * media type than JSON is refused with 415 before anything parses it (instead of being silently
 * read as an empty object); AdonisJS's body parser reads it (400 malformed, 413 over the limit);
 * a document nested deeper than MAX_JSON_DEPTH is refused with 400.
 *
 * One middleware rather than three: AdonisJS builds every middleware class through the
 * container on every request, and each one cost about as much as a fifth of a whole Fastify
 * request (docs/performance.md).
 */
export default class JsonBodyMiddleware {
  async handle(ctx: HttpContext, next: NextFn) {
    if (ctx.request.hasBody() && !ctx.request.is(JSON_TYPES)) {
      const received = ctx.request.header('content-type') ?? 'none'
      return sendProblem(ctx, {
        status: 415,
        code: 'Request.UnsupportedMediaType',
        detail: `Send the body as application/json (received content type: ${received})`,
      })
    }
    bodyParser ??= await app.container.make(BodyParserMiddleware)
    return bodyParser.handle(ctx, () => {
      if (ctx.request.hasBody() && jsonDepth(ctx.request.body()) > MAX_JSON_DEPTH) {
        return sendProblem(ctx, {
          status: 400,
          code: 'Request.TooDeep',
          detail: `The JSON body nests deeper than ${MAX_JSON_DEPTH} levels`,
        })
      }
      return next()
    })
  }
}
