import { args } from '@adonisjs/core/ace'
import type { IdentityAdministration } from '../app/building_blocks/infrastructure/auth/identity_administration.js'
import { IdentityCommand } from './_identity_base.js'

export default class IdentityGrant extends IdentityCommand {
  static commandName = 'identity:grant'
  static description =
    'Give an account permissions (catalog.products.create) or roles (editor): its next request holds them'

  @args.string({ description: 'The email of the account' })
  declare email: string

  @args.spread({ description: 'Permissions and roles' })
  declare grants: string[]

  protected async execute(identity: IdentityAdministration) {
    const account = await this.accountOf(identity, this.email)
    await this.checkGrants(identity, this.grants)
    await identity.grant(account, this.grants)
    this.logger.success(`${this.email} holds ${this.grants.join(', ')}`)
  }
}
