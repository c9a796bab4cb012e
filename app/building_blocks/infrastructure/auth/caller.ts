import type { HttpContext } from '@adonisjs/core/http'
import type { Principal } from '../../application/principal.js'

/**
 * Who sent an authenticated request: the account, the permissions it holds, and the access token
 * it presented. The mediator sends each command and query of the request with it.
 */
export interface Caller extends Principal {
  /** The id of the access token the request carried (to revoke it: logout). */
  readonly tokenId: string
}

interface AuthenticatedUser {
  id: string | number
  currentAccessToken?: { identifier: string | number | bigint }
}

/** The caller of each authenticated request, for as long as the request lives. */
const callers = new WeakMap<HttpContext, Caller>()

/**
 * Records the caller of a request the app's guard (@adonisjs/auth) authenticated, whatever the
 * app's user model: only its id and token are read from it. Its permissions come from Identity.
 */
export function recordCaller(ctx: HttpContext, permissions: ReadonlySet<string>): Caller {
  const user = (ctx as { auth?: { user?: AuthenticatedUser } }).auth?.user
  if (!user) throw new Error('recordCaller runs after the request was authenticated')
  const caller: Caller = {
    id: String(user.id),
    tokenId: String(user.currentAccessToken?.identifier ?? ''),
    permissions,
  }
  callers.set(ctx, caller)
  return caller
}

/** The caller of the request, if it went through an endpoint for authenticated callers. */
export function callerOfRequest(ctx: HttpContext | undefined): Caller | undefined {
  return ctx ? callers.get(ctx) : undefined
}

/**
 * The caller of an endpoint marked `authenticated` (or naming a `permission`), once the request
 * was authenticated: the route does that before the endpoint runs.
 */
export function callerOf(ctx: HttpContext): Caller {
  const caller = callers.get(ctx)
  if (!caller) {
    throw new Error(
      `${ctx.request.method()} ${ctx.request.url()} reads its caller, but its endpoint is not marked "authenticated = true"`
    )
  }
  return caller
}
