import { args, flags } from '@adonisjs/core/ace'
import type { IdentityAdministration } from '../app/building_blocks/infrastructure/auth/identity_administration.js'
import { isRoleName } from '../app/building_blocks/infrastructure/auth/permissions.js'
import { IdentityCommand, IdentityCommandError } from './_identity_base.js'

export default class IdentityRoles extends IdentityCommand {
  static commandName = 'identity:roles'
  static description =
    'List the roles and their permissions; with a role and permissions, make the role hold exactly those'

  @args.string({ description: 'A role to define (lower case, no dot)', required: false })
  declare role?: string

  @args.spread({ description: 'The permissions it holds', required: false })
  declare permissions?: string[]

  @flags.boolean({ description: 'Remove the role (accounts given it hold nothing through it)' })
  declare remove: boolean

  protected async execute(identity: IdentityAdministration) {
    if (this.role === undefined) return this.list(identity)
    if (!isRoleName(this.role)) {
      throw new IdentityCommandError(
        `"${this.role}" is not a role name: lower case letters, digits, - and _, no dot (a dot makes a permission)`
      )
    }
    const permissions = this.permissions ?? []
    if (this.remove) {
      if (permissions.length > 0) {
        throw new IdentityCommandError('--remove takes the role alone, no permissions')
      }
      await identity.defineRole(this.role, [])
      this.logger.success(`The role ${this.role} is removed`)
      return
    }
    await this.checkGrants(identity, permissions, { rolesAllowed: false })
    await identity.defineRole(this.role, permissions)
    this.logger.success(`The role ${this.role} holds ${permissions.join(', ')}`)
  }

  private async list(identity: IdentityAdministration) {
    const roles = await identity.roles()
    if (roles.size === 0) {
      this.logger.info('No roles yet: node ace identity:roles <role> <permission>...')
      return
    }
    const table = this.ui.table().head(['role', 'permissions'])
    for (const [role, permissions] of roles) table.row([role, permissions.join(', ')])
    table.render()
  }
}
