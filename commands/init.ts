import { existsSync, readdirSync } from 'node:fs'
import { mkdtemp, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join, relative, resolve } from 'node:path'
import { args, flags } from '@adonisjs/core/ace'
import { kitManifest, kitRoot } from '../app/kit/kit_root.js'
import { stubsRoot } from '../app/kit/stubs_root.js'
import {
  appPackageJson,
  appTemplateStubs,
  EXECUTABLE,
  packKit,
} from '../app/scaffolding/app_template.js'
import { ASPIRE_STUBS, orchestrationState } from '../app/scaffolding/aspire_orchestration.js'
import {
  planAuthConfig,
  planIdentityModule,
  withAuthDependency,
  withAuthProviders,
  withAuthSettings,
} from '../app/scaffolding/auth_plan.js'
import { FilePlan } from '../app/scaffolding/file_plan.js'
import { assertPascalCaseName, snakeCase } from '../app/scaffolding/names.js'
import { renderStub } from '../app/scaffolding/render_stub.js'
import { ScaffoldCommand } from '../app/scaffolding/scaffold_command.js'
import { ScaffoldError } from '../app/scaffolding/scaffold_error.js'
import {
  assertTransportKind,
  transportEnvFile,
  withDefaultTransport,
} from '../app/scaffolding/transport_choice.js'

export default class Init extends ScaffoldCommand {
  static commandName = 'init'
  static description =
    'Create a new Pantheon application in <dir>/<AppName>: its entry points and configuration, depending on @pantheon/kit; no modules'

  @args.string({ description: 'The application name in PascalCase, e.g. Shop' })
  declare appName: string

  @flags.string({
    description: 'The folder to create the application in (default: the current folder)',
  })
  declare out?: string

  @flags.string({
    description: 'Message transport for integration events: memory (default), redis or rabbitmq',
  })
  declare transport?: string

  @flags.string({
    description:
      "The @pantheon/kit dependency to write, e.g. ^0.2.0 from the npm registry (default: the running kit, packed into the app's vendor/)",
  })
  declare kit?: string

  @flags.boolean({
    description:
      'Add compose.yaml and a Dockerfile: PostgreSQL, the --transport broker, the app and the Aspire dashboard as its telemetry endpoint',
  })
  declare aspire?: boolean

  @flags.boolean({
    description:
      'Add authentication: the Identity module (accounts, passwords, access tokens on @adonisjs/auth), as node ace add-auth does',
  })
  declare auth?: boolean

  get target(): string {
    return resolve(this.out ?? process.cwd(), this.appName)
  }

  protected async plan(): Promise<FilePlan> {
    const transport = this.transport === undefined ? undefined : assertTransportKind(this.transport)
    assertPascalCaseName(this.appName, 'application')
    if (this.kit !== undefined && !/^\S+$/.test(this.kit)) {
      throw new ScaffoldError(
        `--kit "${this.kit}" is not a dependency`,
        'Give a version range such as ^0.2.0, or leave --kit out'
      )
    }
    const target = this.target
    if (existsSync(target) && readdirSync(target).length > 0 && !this.force) {
      throw new ScaffoldError(
        `${target} is not empty`,
        'Choose an empty or new folder (--out), or another name'
      )
    }

    const packageName = snakeCase(this.appName).replace(/_/g, '-')
    const plan = new FilePlan(target)
    const state = {
      appName: this.appName,
      packageName,
      target,
      ...orchestrationState({ aspire: this.aspire === true, transport, packageName }),
    }
    const stubs = [...appTemplateStubs(stubsRoot), ...(this.aspire ? ASPIRE_STUBS : [])]
    for (const stub of stubs) {
      const rendered = await renderStub(this.app, stub, state)
      let contents = rendered.contents
      const file = relative(target, rendered.destination).replace(/\\/g, '/')
      if (transport && file === 'config/messaging.ts')
        contents = withDefaultTransport(contents, transport)
      if (this.auth && file === 'adonisrc.ts') contents = withAuthProviders(contents)
      if (this.auth && file === '.env.example') contents = withAuthSettings(contents)
      plan.create(rendered.destination, contents, {
        ...(EXECUTABLE.test(file) ? { mode: 0o755 } : {}),
        houseStyle: rendered.houseStyle && contents === rendered.contents,
      })
    }
    if (transport) plan.create(join(target, '.env'), transportEnvFile(transport))

    const kit = kitManifest()
    const kitDependency = await this.planKitDependency(plan, target)
    const packageJson = appPackageJson({ packageName, appName: this.appName, kit, kitDependency })
    plan.create(
      join(target, 'package.json'),
      this.auth ? withAuthDependency(packageJson) : packageJson
    )
    if (this.auth) {
      await planIdentityModule(this.app, target, plan)
      await planAuthConfig(this.app, target, plan)
    }
    return plan
  }

  /**
   * The kit that runs init, packed into the app's vendor/ (from a clone of the kit's repository
   * or an installed kit alike, so the app installs with no registry holding the kit), unless
   * --kit names the dependency to write instead.
   */
  private async planKitDependency(plan: FilePlan, target: string): Promise<string> {
    if (this.kit !== undefined) return this.kit
    const packed = await mkdtemp(join(tmpdir(), 'pantheon-kit-'))
    try {
      const tarball = await packKit(kitRoot(), packed)
      plan.create(join(target, 'vendor', tarball), await readFile(join(packed, tarball)))
      return `file:vendor/${tarball}`
    } finally {
      await rm(packed, { recursive: true, force: true })
    }
  }

  /** The new app is formatted with the config its package.json names: @adonisjs/prettier-config. */
  protected formatting() {
    return { root: this.target, resolve: false }
  }

  /** The new app's modules (the Identity module, with --auth) are indexed there. */
  protected appRoot(): string {
    return this.target
  }

  /** A new app: no other command writes into it yet. */
  protected lockedApp(): undefined {
    return undefined
  }

  protected nextSteps(): string[] {
    const folder = relative(process.cwd(), this.target) || '.'
    return [
      `cd ${folder}`,
      'bin/test.sh                 (installs Node 24 if needed and the packages, runs the tests)',
      'node ace add-module Orders  (after `source bin/node24.sh`)',
      'bin/start.sh                (http://localhost:5000)',
      ...(this.aspire
        ? [
            'docker compose up --build  (everything, with the Aspire dashboard: http://localhost:18888)',
          ]
        : []),
    ]
  }
}
