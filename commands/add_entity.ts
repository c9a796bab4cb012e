import { existsSync } from 'node:fs'
import { args, flags } from '@adonisjs/core/ace'
import type { EntityDefinition } from '../app/building_blocks/domain/entity_definition.js'
import string from '@adonisjs/core/helpers/string'
import {
  DEFAULT_MAX_ITEMS,
  DEFAULT_MIN_ITEMS,
  itemBounds,
  partsOf,
  registerParts,
} from '../app/scaffolding/aggregate_parts.js'
import { planRepositoryRegistration, renderEntityFiles } from '../app/scaffolding/entity_files.js'
import { collidingEntity, entityNames } from '../app/scaffolding/entity_names.js'
import { parseProperties, type PropertySpec } from '../app/scaffolding/entity_properties.js'
import { FilePlan } from '../app/scaffolding/file_plan.js'
import { existingModule, type ModuleTarget } from '../app/scaffolding/module_target.js'
import { assertPascalCaseName, assertTableName } from '../app/scaffolding/names.js'
import { assertReferences } from '../app/scaffolding/references.js'
import { ScaffoldCommand } from '../app/scaffolding/scaffold_command.js'
import { ScaffoldError } from '../app/scaffolding/scaffold_error.js'
import { loadEntityDefinitions, tableName } from '../app/scaffolding/schema_snapshot.js'
import { planAggregateFiles, planEntityUseCases } from './_entity_sync.js'

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

  @flags.string({
    description:
      'Make it a part of an aggregate of the module (an OrderLine of an Order): stored and loaded with it, with no repository of its own',
  })
  declare partOf?: string

  @flags.number({
    description: `With --part-of: how many the aggregate holds at least (${DEFAULT_MIN_ITEMS} when not given)`,
  })
  declare minItems?: number

  @flags.number({
    description: `With --part-of: how many the aggregate holds at most (${DEFAULT_MAX_ITEMS} when not given)`,
  })
  declare maxItems?: number

  #module?: ModuleTarget
  #replaced = false
  #aggregate?: string

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
      definitions
        .filter((definition) => definition.partOf === undefined && definition.name !== this.name)
        .map((definition) => definition.name)
    )

    if (this.partOf !== undefined) {
      return this.planPart(module, properties, definitions)
    }
    if (this.minItems !== undefined || this.maxItems !== undefined) {
      throw new ScaffoldError(
        '--min-items and --max-items are for a part: add --part-of <Aggregate>'
      )
    }
    const definition: EntityDefinition = {
      name: this.name,
      aggregate: Boolean(this.aggregate),
      // Each property whole, options included: an enum's values, a string's length.
      properties: Object.fromEntries(properties.map((p) => [p.field, p.definition])),
    }
    const next = [...definitions.filter((candidate) => candidate.name !== this.name), definition]
    // An aggregate replaced with --force keeps its parts (and refuses to stop being one).
    registerParts(next, module.pascal)
    const plan = new FilePlan(this.app.makePath())
    const files = await renderEntityFiles(
      this.app,
      module,
      {
        name: this.name,
        aggregate: Boolean(this.aggregate),
        properties,
        parts: partsOf(definition),
      },
      { withDefinition: true }
    )
    for (const file of files) plan.createRendered(file)
    await planRepositoryRegistration(plan, module, this.name)
    if (exists) {
      // Replacing an entity replaces what was generated from it: its use cases and endpoints
      // follow the new properties.
      await planEntityUseCases(this, plan, module, definition, next)
    }
    return plan
  }

  /**
   * A part of an aggregate: its definition and its own file, then the aggregate's files and use
   * cases written again to hold the list of them.
   */
  private async planPart(
    module: ModuleTarget,
    properties: PropertySpec[],
    definitions: EntityDefinition[]
  ): Promise<FilePlan> {
    if (this.aggregate) {
      throw new ScaffoldError(
        `${this.name} cannot be both an aggregate and a part of ${this.partOf}: leave --aggregate out`
      )
    }
    assertPascalCaseName(this.partOf!, 'entity')
    const items = {
      min: this.minItems ?? DEFAULT_MIN_ITEMS,
      max: this.maxItems ?? DEFAULT_MAX_ITEMS,
    }
    const bounds = itemBounds(items, `${this.name}, a part of ${this.partOf}`)
    const part: EntityDefinition = {
      name: this.name,
      aggregate: false,
      partOf: this.partOf,
      items,
      properties: Object.fromEntries(properties.map((p) => [p.field, p.definition])),
    }
    const others = definitions.filter((candidate) => candidate.name !== this.name)
    const next = [...others, part]
    // Refuses a part that cannot be one, and gives the aggregate its parts.
    registerParts(next, module.pascal)
    const aggregate = next.find((candidate) => candidate.name === this.partOf)!
    this.#aggregate = aggregate.name
    const plan = new FilePlan(this.app.makePath())
    const files = await renderEntityFiles(
      this.app,
      module,
      {
        name: this.name,
        aggregate: false,
        properties,
        partOf: { name: aggregate.name, ...bounds },
      },
      { withDefinition: true }
    )
    for (const file of files) plan.createRendered(file)
    await planAggregateFiles(this, plan, module, aggregate, next)
    return plan
  }

  protected nextSteps(): string[] {
    const module = this.#module!
    if (this.#aggregate) {
      return [
        `Create its table: node ace add-migration Add${string.plural(this.name)} --module ${module.pascal}`,
        `Its ${this.#aggregate}'s commands, queries and endpoints carry them: node ace add-crud ${this.#aggregate} --module ${module.pascal} (when not done yet)`,
      ]
    }
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
