import app from '@adonisjs/core/services/app'
import type { HttpContext } from '@adonisjs/core/http'
import { DEFAULT_JSON_BODY_LIMITS, type JsonBodyLimits } from './json_body_limits.js'
import { readJsonBody, RefusedBody } from './json_body_reader.js'
import { jsonDepth, MAX_JSON_DEPTH } from './json_depth.js'
import { sendProblem } from './problem_details.js'

/** The methods whose requests carry a body; config/bodyparser.ts parses these only. */
export const BODY_METHODS = ['POST', 'PUT', 'PATCH', 'DELETE']

const JSON_TYPES = ['application/json', 'application/*+json']

/** The JSON body limit of config/bodyparser.ts, read on the first request. */
let bodyLimit: string | number | undefined
/** The structure limits of config/pantheon.ts (`bodyLimits`), read on the first request. */
let structureLimits: JsonBodyLimits | undefined

/**
 * Wraps a route handler so that it runs once the request's body is read the one way the API
 * accepts it: a body in any other media type than JSON is refused with 415 before anything
 * reads it (instead of being silently read as an empty object); readJsonBody reads it (413 over
 * the byte limit; 400 malformed, undecodable, not UTF-8, nested deeper than MAX_JSON_DEPTH, over
 * the structure limits of config/pantheon.ts, holding NUL, half a surrogate pair or a prototype
 * key).
 *
 * A wrapper on the routes that take a body, not a middleware on every route: AdonisJS builds a
 * middleware class through the container on every request, and that alone cost a GET about a
 * fifth of its server time (docs/performance.md). Module endpoints get it from
 * `mountEndpoints`; a hand-written route that reads a body wraps its handler in it.
 */
export function withJsonBody<Result>(handler: (ctx: HttpContext) => Result) {
  return async (ctx: HttpContext) => {
    if (!ctx.request.hasBody()) return handler(ctx)
    if (!ctx.request.is(JSON_TYPES)) {
      const received = ctx.request.header('content-type') ?? 'none'
      return sendProblem(ctx, {
        status: 415,
        code: 'Request.UnsupportedMediaType',
        detail: `Send the body as application/json (received content type: ${received})`,
      })
    }
    // An app that adopted the kit may keep AdonisJS's body parser as router middleware: the body
    // is then read already, and reading the consumed stream again would fail.
    if (bodyAlreadyRead(ctx)) {
      if (jsonDepth(ctx.request.body()) > MAX_JSON_DEPTH) {
        return sendProblem(ctx, {
          status: 400,
          code: 'Request.TooDeep',
          detail: `The JSON body nests deeper than ${MAX_JSON_DEPTH} levels`,
        })
      }
      return handler(ctx)
    }
    try {
      bodyLimit ??= app.config.get<string | number>('bodyparser.json.limit', '1mb')
      structureLimits ??= {
        ...DEFAULT_JSON_BODY_LIMITS,
        ...app.config.get<Partial<JsonBodyLimits>>('pantheon.bodyLimits', {}),
      }
      await readJsonBody(ctx, bodyLimit, structureLimits)
    } catch (error) {
      if (error instanceof RefusedBody) return sendProblem(ctx, error.problem)
      throw error
    }
    return handler(ctx)
  }
}

function bodyAlreadyRead(ctx: HttpContext): boolean {
  return ctx.request.raw() !== null || ctx.request.request.readableEnded
}
