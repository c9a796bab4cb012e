import { existsSync } from 'node:fs'
import { args, flags } from '@adonisjs/core/ace'
import type { EntityDefinition } from '../app/building_blocks/domain/entity_definition.js'
import { planRepositoryRegistration, renderEntityFiles } from '../app/scaffolding/entity_files.js'
import { collidingEntity, entityNames } from '../app/scaffolding/entity_names.js'
import { parseProperties } from '../app/scaffolding/entity_properties.js'
import { FilePlan } from '../app/scaffolding/file_plan.js'
import { existingModule, type ModuleTarget } from '../app/scaffolding/module_target.js'
import { assertPascalCaseName, assertTableName } from '../app/scaffolding/names.js'
import { assertReferences } from '../app/scaffolding/references.js'
import { ScaffoldCommand } from '../app/scaffolding/scaffold_command.js'
import { ScaffoldError } from '../app/scaffolding/scaffold_error.js'
import { loadEntityDefinitions, tableName } from '../app/scaffolding/schema_snapshot.js'
import { planEntityUseCases } from './_entity_sync.js'

export default class AddEntity extends ScaffoldCommand {
  static commandName = 'add-entity'
  static description =
    'Create an entity (or aggregate root) with its typed id, repository, Lucid repository and starter test; with --force, replace an entity and everything generated from it'

  @args.string({ description: 'The entity name in PascalCase, e.g. Product' })
  declare name: string

  @flags.string({ description: 'The module it belongs to, e.g. Catalog' })
  declare module?: string

  @flags.boolean({ description: 'Make it an aggregate root (it can raise domain events)' })
  declare aggregate?: boolean

  @flags.string({
    description: 'Its properties: "Name:string,Price:decimal,Notes:text?" (? = optional)',
  })
  declare properties?: string

  #module?: ModuleTarget
  #replaced = false

  protected async plan(): Promise<FilePlan> {
    const module = existingModule(this.app, this.module)
    this.#module = module
    assertPascalCaseName(this.name, 'entity', { sql: true })
    assertTableName(tableName(module.folder, this.name), `the entity ${this.name}`)
    const properties = parseProperties(this.properties)
    const entity = entityNames(this.name)
    const definitions = await loadEntityDefinitions(module.root)
    const existing = definitions.map((definition) => definition.name)
    const collision = collidingEntity(this.name, existing)
    if (collision) {
      throw new ScaffoldError(
        `The entity name "${this.name}" cannot be used beside the entity ${collision}: their generated classes and files would share names (${collision}Id, ${collision}Model…)`,
        'Choose a name that is not another entity name with Id, Model, Repository, Created, Snapshot, Page, Definition or New around it'
      )
    }
    const exists = existsSync(`${module.root}/domain/${entity.snake}.ts`)
    if (exists && !this.force) {
      throw new ScaffoldError(
        `The entity ${this.name} already exists in the ${module.pascal} module`,
        `To change it, edit domain/${entity.snake}_definition.ts and run: node ace sync-entity ${this.name} --module ${module.pascal}. To replace it and every file generated from it, use --force`
      )
    }
    this.#replaced = exists
    assertReferences(
      this.name,
      Object.fromEntries(properties.map((p) => [p.field, p.definition])),
      module,
      existing.filter((name) => name !== this.name)
    )

    const plan = new FilePlan(this.app.makePath())
    const files = await renderEntityFiles(
      this.app,
      module,
      { name: this.name, aggregate: Boolean(this.aggregate), properties },
      { withDefinition: true }
    )
    for (const file of files) plan.create(file.destination, file.contents)
    await planRepositoryRegistration(plan, module, this.name)
    if (exists) {
      // Replacing an entity replaces what was generated from it: its use cases and endpoints
      // follow the new properties.
      const definition: EntityDefinition = {
        name: this.name,
        aggregate: Boolean(this.aggregate),
        // Each property whole, options included: an enum's values, a string's length.
        properties: Object.fromEntries(properties.map((p) => [p.field, p.definition])),
      }
      const others = definitions.filter((candidate) => candidate.name !== this.name)
      await planEntityUseCases(this, plan, module, definition, [...others, definition])
    }
    return plan
  }

  protected nextSteps(): string[] {
    const module = this.#module!
    if (this.#replaced) {
      return [
        `Bring its table in line: node ace add-migration Change${this.name} --module ${module.pascal}`,
      ]
    }
    return [
      `Create its table: node ace add-migration Add${this.name} --module ${module.pascal}`,
      `Add use cases: node ace add-command Create${this.name} --module ${module.pascal} --result-type ${this.name}Id`,
    ]
  }
}
