import { args, flags } from '@adonisjs/core/ace'
import type { IdentityAdministration } from '../app/building_blocks/infrastructure/auth/identity_administration.js'
import { IdentityCommand } from './_identity_base.js'

export default class IdentityToken extends IdentityCommand {
  static commandName = 'identity:token'
  static description =
    'Issue an access token for an account, for scripts: printed alone on stdout (with --json, with its expiry)'

  @args.string({ description: 'The email of the account' })
  declare email: string

  @flags.boolean({ description: 'Print { token, expiresAt } as JSON' })
  declare json: boolean

  protected async execute(identity: IdentityAdministration) {
    const issued = await identity.issueToken(await this.accountOf(identity, this.email))
    this.logger.log(this.json ? JSON.stringify(issued) : issued.token)
  }
}
