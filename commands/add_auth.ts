import { existsSync } from 'node:fs'
import { join } from 'node:path'
import {
  planAuthConfig,
  planIdentityModule,
  withAuthDependency,
  withAuthProviders,
  withAuthSettings,
} from '../app/scaffolding/auth_plan.js'
import { FilePlan } from '../app/scaffolding/file_plan.js'
import { ScaffoldCommand } from '../app/scaffolding/scaffold_command.js'

export default class AddAuth extends ScaffoldCommand {
  static commandName = 'add-auth'
  static description =
    'Add authentication: the Identity module (accounts, passwords, access tokens on @adonisjs/auth) and its settings; run again, it adds only what is missing'

  #addedModule = false

  protected async plan(): Promise<FilePlan> {
    const root = this.app.makePath()
    const plan = new FilePlan(root)
    this.#addedModule = await planIdentityModule(this.app, root, plan, { force: this.force })
    await planAuthConfig(this.app, root, plan)
    await plan.edit(join(root, 'adonisrc.ts'), withAuthProviders)
    await plan.edit(join(root, 'package.json'), withAuthDependency)
    const envExample = join(root, '.env.example')
    if (existsSync(envExample)) await plan.edit(envExample, withAuthSettings)
    return plan
  }

  protected nextSteps(): string[] {
    if (!this.#addedModule)
      return ['The Identity module was there already: only missing settings were added']
    return [
      'npm install   (@adonisjs/auth, now in package.json)',
      'node ace migration:run   (the accounts and access tokens tables)',
      'POST /api/identity/users, then POST /api/identity/tokens: send the token as Authorization: Bearer <token>',
      'Mark an endpoint "readonly authenticated = true" to let only signed-in callers reach it (docs/auth.md)',
    ]
  }
}
