import { existsSync } from 'node:fs'
import { join } from 'node:path'
import { args, flags } from '@adonisjs/core/ace'
import { FilePlan } from '../app/scaffolding/file_plan.js'
import { readImportGraph } from '../app/scaffolding/import_graph.js'
import { readModuleInventory } from '../app/scaffolding/module_inventory.js'
import { isModuleIndex } from '../app/scaffolding/module_index_source.js'
import { decideRemoval } from '../app/scaffolding/removal_plan.js'
import { findByName } from '../app/scaffolding/removal_target.js'
import { ScaffoldError } from '../app/scaffolding/scaffold_error.js'
import { RemoveCommand } from './_remove_base.js'

/*
 * remove-endpoint: the flags and the report. What goes is decided by decideRemoval
 * (app/scaffolding/removal_plan.ts) from the module inventory and the app's import graph.
 */

export default class RemoveEndpoint extends RemoveCommand {
  static commandName = 'remove-endpoint'
  static description =
    'Remove an endpoint and its test (a dry run unless --confirm); the command or query it sends stays'

  @args.string({ description: 'The endpoint name in PascalCase, e.g. GetProduct' })
  declare name: string

  @flags.string({ description: 'The module, e.g. Catalog' })
  declare module?: string

  @flags.string({
    description: 'The API version it is served in, when the module has one of this name in several',
  })
  declare apiVersion?: string

  #route?: string

  protected async plan(): Promise<FilePlan> {
    const appRoot = this.app.makePath()
    const inventory = await readModuleInventory(appRoot)
    const { target, module } = this.findModule(this.module, inventory)
    const name = this.name.replace(/(?<=.)Endpoint$/, '')
    const versionOf = (apiVersion: string | null) => apiVersion ?? 'every version'
    findByName(
      name,
      `endpoint in the ${target.pascal} module`,
      module.endpoints.map((endpoint) => ({
        name: endpoint.name,
        value: endpoint,
        label: `${endpoint.name} (${endpoint.method} ${endpoint.route})`,
      }))
    )
    const named = module.endpoints.filter((endpoint) => endpoint.name === name)
    const chosen =
      this.apiVersion === undefined
        ? named
        : named.filter((endpoint) => endpoint.apiVersion === this.apiVersion)
    if (chosen.length !== 1) {
      const served = named.map((e) => `${versionOf(e.apiVersion)} (${e.file})`).join(', ')
      throw new ScaffoldError(
        this.apiVersion === undefined
          ? `The ${target.pascal} module has ${chosen.length} endpoints named ${name}: ${served}`
          : `The ${target.pascal} module has no endpoint ${name} in API version ${this.apiVersion}; it has ${served}`,
        `Say which with --api-version, e.g. --api-version ${named.find((e) => e.apiVersion)?.apiVersion ?? '2.0'}`
      )
    }
    const endpoint = chosen[0]
    this.#route = `${endpoint.method} ${endpoint.route}`

    const decision = decideRemoval({
      appRoot,
      own: [join(target.root, endpoint.file)],
      graph: await readImportGraph(appRoot),
      rewritten: (file) => isModuleIndex(appRoot, file) || file === target.registrationFile,
      exists: existsSync,
      force: Boolean(this.force),
    })
    this.assertNoDependents(`The endpoint ${name} (${this.#route})`, decision)
    const plan = new FilePlan(appRoot)
    await this.planDeletions(plan, decision, [target])
    return plan
  }

  protected removalSteps(): string[] {
    return [
      `${this.#route} is gone from the API: its OpenAPI document in docs/openapi/ now has an operation the app no longer serves. Before the API is released, delete that document and the app's tests write it anew; once clients call it, keep it and deprecate it in a new API version instead`,
      'Update docs/modules.md: node ace docs:modules',
    ]
  }
}
