import { args } from '@adonisjs/core/ace'
import {
  parseApiVersion,
  versionFolder,
  type ApiVersionText,
} from '../app/building_blocks/infrastructure/http/versioning/api_version.js'
import { addVersion, moduleVersions } from '../app/scaffolding/api_versions_codemod.js'
import { FilePlan } from '../app/scaffolding/file_plan.js'
import { existingModule } from '../app/scaffolding/module_target.js'
import { ScaffoldCommand } from '../app/scaffolding/scaffold_command.js'
import { ScaffoldError } from '../app/scaffolding/scaffold_error.js'

export default class AddApiVersion extends ScaffoldCommand {
  static commandName = 'add-api-version'
  static description = 'Declare a new API version of a module (for breaking changes only)'

  @args.string({ description: 'The module, e.g. Catalog' })
  declare moduleName: string

  @args.string({ description: 'The new version, e.g. 2.0' })
  declare version: string

  #version = ''

  protected async plan(): Promise<FilePlan> {
    const module = existingModule(this.app, this.moduleName)
    const version = parseApiVersion(this.version)
    if (!version)
      throw new ScaffoldError(
        `"${this.version}" is not an API version: write major.minor, e.g. 2.0`
      )
    this.#version = version
    const { file, versions: declared } = await moduleVersions(module)
    if (declared.includes(version)) {
      throw new ScaffoldError(`The ${module.pascal} module already declares API version ${version}`)
    }
    const plan = new FilePlan(this.app.makePath())
    await plan.edit(file, (source) => addVersion(source, file, version))
    return plan
  }

  protected nextSteps(): string[] {
    const folder = versionFolder(this.#version as ApiVersionText)
    return [
      `Add its endpoints: node ace add-endpoint <Name> --module ${this.moduleName} … --api-version ${this.#version} (they go to api/${folder}/)`,
      'Endpoints directly in api/ serve every version; only what changes needs a versioned copy',
    ]
  }
}
