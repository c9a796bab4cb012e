import { args } from '@adonisjs/core/ace'
import type { IdentityAdministration } from '../app/building_blocks/infrastructure/auth/identity_administration.js'
import { IdentityCommand, IdentityCommandError } from './_identity_base.js'

export default class IdentityRevoke extends IdentityCommand {
  static commandName = 'identity:revoke'
  static description =
    'Take permissions or roles back from an account: its next request no longer holds them'

  @args.string({ description: 'The email of the account' })
  declare email: string

  @args.spread({ description: 'Permissions and roles' })
  declare grants: string[]

  protected async execute(identity: IdentityAdministration) {
    const account = await this.accountOf(identity, this.email)
    // Unchecked: a permission no module declares any more can still be taken back.
    if (this.grants.length === 0) {
      throw new IdentityCommandError('Name at least one permission or role')
    }
    await identity.revoke(account, this.grants)
    this.logger.success(`${this.email} no longer holds ${this.grants.join(', ')}`)
  }
}
