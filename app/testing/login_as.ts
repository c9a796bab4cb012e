import { randomUUID } from 'node:crypto'
import app from '@adonisjs/core/services/app'
import { IdentityAdministration } from '../building_blocks/infrastructure/auth/identity_administration.js'
import {
  DeclaredPermissions,
  isRoleName,
} from '../building_blocks/infrastructure/auth/permissions.js'

/**
 * An access token of a new account holding these permissions (or roles), for a test to send
 * as `Authorization: Bearer <token>`: `client.get(url).bearerToken(await loginAs(['catalog.products.read']))`.
 * Made through the app's Identity module (node ace add-auth), as an operator's identity:grant
 * and identity:token would. A permission no module declares is refused: the test would prove
 * nothing.
 */
export async function loginAs(grants: readonly string[] = []): Promise<string> {
  if (!app.container.hasBinding(IdentityAdministration)) {
    throw new Error('loginAs needs the Identity module: run node ace add-auth')
  }
  const declared = await app.container.make(DeclaredPermissions)
  const unknown = grants.filter((grant) => !isRoleName(grant) && !declared.has(grant))
  if (unknown.length > 0) {
    throw new Error(
      `loginAs: no module declares ${unknown.join(', ')} (declared: ${declared.all().join(', ') || 'none'})`
    )
  }
  const identity = await app.container.make(IdentityAdministration)
  const accountId = await identity.createAccount(
    `test-${randomUUID()}@example.com`,
    `${randomUUID()}${randomUUID()}`
  )
  await identity.grant(accountId, grants)
  const { token } = await identity.issueToken(accountId)
  return token
}
