import { args, flags } from '@adonisjs/core/ace'
import { entityNames } from '../app/scaffolding/entity_names.js'
import {
  definitionProperties,
  planRepositoryRegistration,
  renderEntityFiles,
} from '../app/scaffolding/entity_files.js'
import { FilePlan } from '../app/scaffolding/file_plan.js'
import { existingModule, type ModuleTarget } from '../app/scaffolding/module_target.js'
import { ScaffoldCommand } from '../app/scaffolding/scaffold_command.js'
import { ScaffoldError } from '../app/scaffolding/scaffold_error.js'
import { diffSchemas } from '../app/scaffolding/schema_diff.js'
import {
  loadEntityDefinitions,
  readSnapshot,
  schemaFromDefinitions,
  tableName,
} from '../app/scaffolding/schema_snapshot.js'
import { planEntityUseCases } from './_entity_sync.js'

export default class SyncEntity extends ScaffoldCommand {
  static commandName = 'sync-entity'
  static description =
    'Bring every file generated from an entity up to date with its definition (domain/<entity>_definition.ts); files edited by hand are skipped unless --force'

  @args.string({ description: 'The entity name in PascalCase, e.g. Product' })
  declare name: string

  @flags.string({ description: 'The module it belongs to, e.g. Catalog' })
  declare module?: string

  #module?: ModuleTarget
  #tableChanged = false

  protected async plan(): Promise<FilePlan> {
    const module = existingModule(this.app, this.module)
    this.#module = module
    const definitions = await loadEntityDefinitions(module.root)
    const definition = definitions.find((candidate) => candidate.name === this.name)
    if (!definition) {
      const known = definitions.map((candidate) => candidate.name).sort()
      throw new ScaffoldError(
        `The ${module.pascal} module has no entity ${this.name} (no definition in domain/${entityNames(this.name).snake}_definition.ts)`,
        known.length > 0
          ? `Its entities: ${known.join(', ')}`
          : `Create it first: node ace add-entity ${this.name} --module ${module.pascal} --properties "Name:string"`
      )
    }

    const plan = new FilePlan(this.app.makePath())
    const files = await renderEntityFiles(
      this.app,
      module,
      { ...definition, properties: definitionProperties(definition) },
      { withDefinition: false }
    )
    for (const file of files) plan.generate(file.destination, file.contents)
    await planRepositoryRegistration(plan, module, definition.name)
    await planEntityUseCases(this, plan, module, definition, definitions)

    const table = tableName(module.folder, definition.name)
    const changes = diffSchemas(
      await readSnapshot(module.root),
      await schemaFromDefinitions(module.root, module.folder)
    )
    this.#tableChanged = changes.up.some((step) => step.table === table)
    return plan
  }

  protected nextSteps(): string[] {
    if (!this.#tableChanged) return []
    const module = this.#module!
    return [
      `Its table no longer matches the definition: node ace add-migration Change${this.name} --module ${module.pascal}`,
      'Apply it: node ace migration:run',
    ]
  }
}
