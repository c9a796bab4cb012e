import { existsSync } from 'node:fs'
import { join } from 'node:path'
import { args } from '@adonisjs/core/ace'
import { FilePlan } from '../app/scaffolding/file_plan.js'
import { assertPascalCaseName, camelCase, moduleNames } from '../app/scaffolding/names.js'
import { MODULE_STUBS } from '../app/scaffolding/module_stubs.js'
import { isRemovedModule } from '../app/scaffolding/removed_module.js'
import { renderStub } from '../app/scaffolding/render_stub.js'
import { ScaffoldCommand } from '../app/scaffolding/scaffold_command.js'
import { ScaffoldError } from '../app/scaffolding/scaffold_error.js'

export default class AddModule extends ScaffoldCommand {
  static commandName = 'add-module'
  static description =
    'Create a module in modules/<name>: five layers, registration class, a sample query and endpoint, and starter tests'

  @args.string({ description: 'The module name in PascalCase, e.g. Orders' })
  declare name: string

  protected async plan(): Promise<FilePlan> {
    assertPascalCaseName(this.name, 'module', { sql: true })
    const module = moduleNames(this.name)
    const moduleRoot = this.app.makePath('modules', module.folder)
    // What remove-module kept of a module of this name (its migrations) is no module yet.
    if (existsSync(moduleRoot) && !this.force && !isRemovedModule(moduleRoot)) {
      throw new ScaffoldError(
        `The module modules/${module.folder} already exists`,
        'Choose another name, or use --force to overwrite its generated files'
      )
    }

    const state = {
      module,
      moduleRoot,
      routeSegment: module.folder.replace(/_/g, '-'),
      apiVersionsConst: `${camelCase(module.pascal)}ApiVersions`,
      indexConst: `${camelCase(module.pascal)}Index`,
    }
    const plan = new FilePlan(this.app.makePath())
    for (const stub of MODULE_STUBS) {
      const rendered = await renderStub(this.app, `module/${stub}.stub`, state)
      plan.createRendered(rendered)
    }
    // Empty layers are kept in git by a placeholder until they get their first file.
    plan.create(join(moduleRoot, 'domain', '.gitkeep'), '')
    const migrations = join(moduleRoot, 'infrastructure', 'database', 'migrations')
    if (!existsSync(migrations)) plan.create(join(migrations, '.gitkeep'), '')
    return plan
  }

  protected nextSteps(): string[] {
    const module = moduleNames(this.name)
    return [
      `Restart the app: GET /api/${module.folder.replace(/_/g, '-')}/sample answers 200`,
      `Run its tests: bin/test.sh --files='${module.folder}/tests/*/*'`,
    ]
  }
}
