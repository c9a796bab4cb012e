import { existsSync, readdirSync } from 'node:fs'
import { readFile, stat } from 'node:fs/promises'
import { join, relative, resolve } from 'node:path'
import { args, flags } from '@adonisjs/core/ace'
import { appPackageJson, appPackageLock, templateFiles } from '#scaffolding/app_template'
import { FilePlan } from '#scaffolding/file_plan'
import { assertPascalCaseName, snakeCase } from '#scaffolding/names'
import { renderStub } from '#scaffolding/render_stub'
import { ScaffoldCommand } from '#scaffolding/scaffold_command'
import { ScaffoldError } from '#scaffolding/scaffold_error'
import { assertTransportKind, transportEnvFile, withDefaultTransport } from '#scaffolding/transport_choice'

export default class Init extends ScaffoldCommand {
  static commandName = 'init'
  static description =
    'Create a new Pantheon application in <dir>/<AppName>: the host, building blocks, scaffolding commands and tests, no modules'

  @args.string({ description: 'The application name in PascalCase, e.g. Shop' })
  declare appName: string

  @flags.string({ description: 'The folder to create the application in (default: the current folder)' })
  declare out?: string

  @flags.string({ description: 'Message transport for integration events: memory (default), redis or rabbitmq' })
  declare transport?: string

  @flags.boolean({ description: 'Aspire-style orchestration (not available yet)' })
  declare aspire?: boolean

  get target(): string {
    return resolve(this.out ?? process.cwd(), this.appName)
  }

  protected async plan(): Promise<FilePlan> {
    const transport = this.transport === undefined ? undefined : assertTransportKind(this.transport)
    if (this.aspire !== undefined) {
      throw new ScaffoldError('--aspire is not available in this version of Pantheon', 'Run init without it')
    }
    assertPascalCaseName(this.appName, 'application')
    const target = this.target
    if (existsSync(target) && readdirSync(target).length > 0 && !this.force) {
      throw new ScaffoldError(`${target} is not empty`, 'Choose an empty or new folder (--out), or another name')
    }

    const source = this.app.makePath()
    const packageName = snakeCase(this.appName).replace(/_/g, '-')
    const plan = new FilePlan(target)
    for (const file of templateFiles(source)) {
      const { mode } = await stat(join(source, file))
      let contents = await readFile(join(source, file), 'utf8')
      if (transport && file === 'config/messaging.ts') contents = withDefaultTransport(contents, transport)
      plan.create(join(target, file), contents, { mode })
    }
    if (transport) plan.create(join(target, '.env'), transportEnvFile(transport))
    const manifest = await readFile(join(source, 'package.json'), 'utf8')
    plan.create(join(target, 'package.json'), appPackageJson(manifest, packageName, this.appName))
    const lock = await readFile(join(source, 'package-lock.json'), 'utf8')
    plan.create(join(target, 'package-lock.json'), appPackageLock(lock, packageName))
    const readme = await renderStub(this.app, 'app/readme.stub', { appName: this.appName, target })
    plan.create(readme.destination, readme.contents)
    return plan
  }

  protected nextSteps(): string[] {
    const folder = relative(process.cwd(), this.target) || '.'
    return [
      `cd ${folder}`,
      'bin/test.sh                 (installs Node 24 if needed and the packages, runs the tests)',
      'node ace add-module Orders  (after `source bin/node24.sh`)',
      'bin/start.sh                (http://localhost:5000)',
    ]
  }
}
