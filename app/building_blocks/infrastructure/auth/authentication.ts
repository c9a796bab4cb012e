import type { HttpContext } from '@adonisjs/core/http'
import type { ApplicationService } from '@adonisjs/core/types'
import { sendProblem } from '../http/problem_details.js'

/** The error @adonisjs/auth throws for a request without valid credentials. */
export const UNAUTHORIZED_ACCESS = 'E_UNAUTHORIZED_ACCESS'

interface AuthManagerLike {
  createAuthenticator(ctx: HttpContext): { authenticate(): Promise<unknown> }
}

/**
 * Runs `handle` only for a request that carries a valid access token (the app's default guard
 * of config/auth.ts, @adonisjs/auth's access tokens): `ctx.auth` holds the authenticated user
 * from then on. Otherwise the guard's error reaches the exception handler, which answers 401
 * `Auth.Unauthenticated` with `WWW-Authenticate: Bearer`. The authenticator is made here, on
 * the routes that need it, not by a router middleware on every request.
 */
export function withAuthentication(
  handle: (ctx: HttpContext) => Promise<void>
): (ctx: HttpContext) => Promise<void> {
  return async (ctx) => {
    const manager = (await ctx.containerResolver.make('auth.manager' as never)) as AuthManagerLike
    const authenticator = manager.createAuthenticator(ctx)
    ;(ctx as { auth?: unknown }).auth = authenticator
    await authenticator.authenticate()
    return handle(ctx)
  }
}

/**
 * A module with authenticated endpoints needs @adonisjs/auth configured: without it, the start
 * stops here with the command that adds it, rather than every such request failing with 500.
 */
export function assertAuthenticationConfigured(
  app: ApplicationService,
  module: string,
  endpoints: readonly string[]
): void {
  if (endpoints.length === 0 || app.container.hasBinding('auth.manager' as never)) return
  throw new Error(
    `The ${module} module has endpoints for authenticated callers (${endpoints.join(', ')}), but the app has no authentication: run node ace add-auth`
  )
}

/**
 * 401 for a request without valid credentials, whatever was wrong with them (no Authorization
 * header, another scheme, a token unknown, expired or revoked, bytes that are no token): the
 * answer never says which, and names the scheme to use (RFC 9110's WWW-Authenticate).
 */
export function answerUnauthenticated(ctx: HttpContext): void {
  ctx.response.header('www-authenticate', 'Bearer')
  sendProblem(ctx, {
    status: 401,
    code: 'Auth.Unauthenticated',
    detail: 'Send a valid access token: Authorization: Bearer <token>',
  })
}
