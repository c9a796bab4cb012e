import { BaseCommand } from '@adonisjs/core/ace'
import type { CommandOptions } from '@adonisjs/core/types/ace'
import { IdentityAdministration } from '../app/building_blocks/infrastructure/auth/identity_administration.js'
import {
  DeclaredPermissions,
  isRoleName,
} from '../app/building_blocks/infrastructure/auth/permissions.js'

/** A refusal of an identity:* command: printed as is, exit 1, nothing changed. */
export class IdentityCommandError extends Error {}

/**
 * What the identity:* commands share: the app's Identity module (node ace add-auth) and the
 * permissions its modules declare, against which every name given is checked before anything
 * is written.
 */
export abstract class IdentityCommand extends BaseCommand {
  static options: CommandOptions = { startApp: true }

  protected abstract execute(identity: IdentityAdministration): Promise<void>

  async run(): Promise<void> {
    try {
      if (!this.app.container.hasBinding(IdentityAdministration)) {
        throw new IdentityCommandError('The app has no Identity module: run node ace add-auth')
      }
      await this.execute(await this.app.container.make(IdentityAdministration))
    } catch (error) {
      if (!(error instanceof IdentityCommandError)) throw error
      this.logger.error(error.message)
      this.exitCode = 1
    }
  }

  /** The account of this email, or the refusal naming it. */
  protected async accountOf(identity: IdentityAdministration, email: string): Promise<string> {
    const id = await identity.accountIdOf(email)
    if (!id) throw new IdentityCommandError(`No account has the email ${email}`)
    return id
  }

  /** Permissions some module declares, and roles that exist (or, with `newRoles`, any role name). */
  protected async checkGrants(
    identity: IdentityAdministration,
    grants: readonly string[],
    options: { rolesAllowed: boolean } = { rolesAllowed: true }
  ): Promise<void> {
    if (grants.length === 0) throw new IdentityCommandError('Name at least one permission or role')
    const declared = await this.app.container.make(DeclaredPermissions)
    const roles = await identity.roles()
    for (const grant of grants) {
      if (isRoleName(grant)) {
        if (!options.rolesAllowed) {
          throw new IdentityCommandError(`${grant} is a role name: a role holds permissions only`)
        }
        if (!roles.has(grant)) {
          throw new IdentityCommandError(
            `There is no role ${grant} (roles: ${[...roles.keys()].join(', ') || 'none'}; define one with node ace identity:roles ${grant} <permission>...)`
          )
        }
      } else if (!declared.has(grant)) {
        throw new IdentityCommandError(
          `No module declares the permission ${grant} (declared: ${declared.all().join(', ') || 'none'})`
        )
      }
    }
  }
}
