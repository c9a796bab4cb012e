import type { HttpContext } from '@adonisjs/core/http'

/** Who sent an authenticated request: the account, and the access token it presented. */
export interface Caller {
  /** The account's id. */
  readonly id: string
  /** The id of the access token the request carried (to revoke it: logout). */
  readonly tokenId: string
}

interface AuthenticatedUser {
  id: string | number
  currentAccessToken?: { identifier: string | number | bigint }
}

/**
 * The caller of an endpoint marked `authenticated`, once the request was authenticated (the
 * route does that before the endpoint runs). Read through the context's authenticator
 * (@adonisjs/auth), whatever the app's user model: only its id and token are needed here.
 */
export function callerOf(ctx: HttpContext): Caller {
  const user = (ctx as { auth?: { user?: AuthenticatedUser } }).auth?.user
  if (!user) {
    throw new Error(
      `${ctx.request.method()} ${ctx.request.url()} reads its caller, but its endpoint is not marked "authenticated = true"`
    )
  }
  return {
    id: String(user.id),
    tokenId: String(user.currentAccessToken?.identifier ?? ''),
  }
}
