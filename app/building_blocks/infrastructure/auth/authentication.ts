import type { HttpContext } from '@adonisjs/core/http'
import type { ApplicationService } from '@adonisjs/core/types'
import { sendProblem } from '../http/problem_details.js'
import { recordCaller } from './caller.js'
import { IdentityAdministration } from './identity_administration.js'

/** The error @adonisjs/auth throws for a request without valid credentials. */
export const UNAUTHORIZED_ACCESS = 'E_UNAUTHORIZED_ACCESS'

interface AuthManagerLike {
  createAuthenticator(ctx: HttpContext): { authenticate(): Promise<unknown> }
}

/**
 * Runs `handle` only for a request that carries a valid access token (the app's default guard
 * of config/auth.ts, @adonisjs/auth's access tokens): `ctx.auth` holds the authenticated user
 * from then on, and the caller (with the permissions Identity gives the account) goes with every
 * command and query the endpoint sends. Otherwise the guard's error reaches the exception
 * handler, which answers 401 `Auth.Unauthenticated` with `WWW-Authenticate: Bearer`. The
 * authenticator is made here, on the routes that need it, not by a router middleware on every
 * request.
 */
export function withAuthentication(
  handle: (ctx: HttpContext) => unknown,
  permission?: string
): (ctx: HttpContext) => Promise<unknown> {
  // Resolved on the route's first request, not on every one (both are singletons).
  let manager: Promise<AuthManagerLike> | undefined
  let identity: Promise<IdentityAdministration> | undefined
  return async (ctx) => {
    manager ??= ctx.containerResolver.make('auth.manager' as never) as Promise<AuthManagerLike>
    const auth = await manager
    const authenticator = auth.createAuthenticator(ctx)
    ;(ctx as { auth?: unknown }).auth = authenticator
    const user = (await authenticator.authenticate()) as { id: string | number }
    identity ??= ctx.containerResolver.make(IdentityAdministration)
    const identities = await identity
    const caller = recordCaller(ctx, await identities.permissionsOf(String(user.id)))
    if (permission && !caller.permissions.has(permission)) return answerForbidden(ctx, permission)
    return handle(ctx)
  }
}

/** 403 naming the permission, so that the caller knows what to ask an operator for. */
function answerForbidden(ctx: HttpContext, permission: string): void {
  sendProblem(ctx, {
    status: 403,
    code: 'Auth.Forbidden',
    detail: `This needs the permission ${permission}, which your account does not hold`,
    extensions: { permission },
  })
}

/** What a module's endpoints ask of callers, for the checks at start. */
interface GuardedEndpoint {
  file: string
  authenticated?: boolean
  permission?: string
}

/**
 * A module whose endpoints need authentication needs @adonisjs/auth configured and the Identity
 * module (node ace add-auth), and each permission they name must be one the module declares:
 * otherwise the start stops here with the fix, rather than every such request failing.
 */
export function assertAuthenticationConfigured(
  app: ApplicationService,
  module: string,
  endpoints: readonly GuardedEndpoint[],
  declared: readonly string[] = []
): void {
  const guarded = endpoints.filter((endpoint) => endpoint.authenticated || endpoint.permission)
  if (guarded.length === 0) return
  if (
    !app.container.hasBinding('auth.manager' as never) ||
    !app.container.hasBinding(IdentityAdministration)
  ) {
    throw new Error(
      `The ${module} module has endpoints for authenticated callers (${guarded.map(({ file }) => file).join(', ')}), but the app has no authentication: run node ace add-auth`
    )
  }
  for (const { file, permission } of guarded) {
    if (permission && !declared.includes(permission)) {
      throw new Error(
        `${file} needs the permission ${permission}, which the ${module} module does not declare: add it to "permissions" in its registration (${module}_module.ts)${declared.length ? `; it declares ${declared.join(', ')}` : ''}`
      )
    }
  }
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
