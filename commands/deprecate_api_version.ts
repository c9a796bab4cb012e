import { args, flags } from '@adonisjs/core/ace'
import { parseApiVersion } from '../app/building_blocks/infrastructure/http/versioning/api_version.js'
import { deprecateVersion, moduleVersions } from '../app/scaffolding/api_versions_codemod.js'
import { FilePlan } from '../app/scaffolding/file_plan.js'
import { existingModule } from '../app/scaffolding/module_target.js'
import { ScaffoldCommand } from '../app/scaffolding/scaffold_command.js'
import { ScaffoldError } from '../app/scaffolding/scaffold_error.js'
import { deprecatedSince, parseSunset } from '../app/scaffolding/sunset_date.js'

export default class DeprecateApiVersion extends ScaffoldCommand {
  static commandName = 'deprecate-api-version'
  static description =
    'Deprecate an API version of a module: Deprecation, Sunset and Link headers, then 410 after the sunset date'

  @args.string({ description: 'The module, e.g. Catalog' })
  declare moduleName: string

  @args.string({ description: 'The version to deprecate, e.g. 1.0' })
  declare version: string

  @flags.string({
    description:
      'When it stops being served, e.g. 2027-06-30 (midnight UTC) or 2027-06-30T12:00:00Z; a past date declares it retired',
  })
  declare sunset?: string

  @flags.string({ description: 'A page explaining the deprecation (http or https URL)' })
  declare link?: string

  /** Set when the sunset has passed: the version is declared retired. */
  #retired?: { version: string; sunset: string }

  protected async plan(): Promise<FilePlan> {
    const module = existingModule(this.app, this.moduleName)
    const version = parseApiVersion(this.version)
    if (!version)
      throw new ScaffoldError(
        `"${this.version}" is not an API version: write major.minor, e.g. 1.0`
      )
    const now = new Date()
    const sunset = this.sunset === undefined ? undefined : parseSunset(this.sunset)
    if (this.sunset !== undefined && !sunset) {
      throw new ScaffoldError(
        `--sunset "${this.sunset}" is not a date: write it as 2027-06-30 (midnight UTC) or 2027-06-30T12:00:00Z`
      )
    }
    // A sunset that has passed declares the version retired, as the service reads it: it
    // answers 410 ApiVersionSunset from then on.
    if (sunset && sunset <= now) this.#retired = { version, sunset: this.sunset! }
    if (this.link !== undefined && !/^https?:\/\/[^\s'"]+$/.test(this.link)) {
      throw new ScaffoldError(`--link "${this.link}" is not an http(s) URL`)
    }
    const { file, versions: declared } = await moduleVersions(module)
    if (!declared.includes(version)) {
      throw new ScaffoldError(
        `The ${module.pascal} module has no API version ${version} (it has ${declared.join(', ')})`
      )
    }
    const plan = new FilePlan(this.app.makePath())
    await plan.edit(file, (text) =>
      deprecateVersion(
        text,
        file,
        version,
        { since: deprecatedSince(now, sunset), sunset, link: this.link },
        Boolean(this.force)
      )
    )
    return plan
  }

  protected nextSteps(): string[] {
    if (this.#retired) {
      const { version, sunset } = this.#retired
      return [
        `API version ${version} is retired: its sunset, ${sunset}, has passed. Restart the app: requests naming it answer 410 ApiVersionSunset`,
      ]
    }
    return [
      'Restart the app: responses of that version now carry Deprecation (and Sunset, Link) headers',
    ]
  }
}
