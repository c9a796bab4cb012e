import { existsSync } from 'node:fs'
import { args, flags } from '@adonisjs/core/ace'
import { collidingEntity, entityNames } from '../app/scaffolding/entity_names.js'
import {
  fromModelExpression,
  parseProperties,
  persistenceHelpers,
  toModelExpression,
} from '../app/scaffolding/entity_properties.js'
import { FilePlan } from '../app/scaffolding/file_plan.js'
import { existingModule, type ModuleTarget } from '../app/scaffolding/module_target.js'
import { assertPascalCaseName } from '../app/scaffolding/names.js'
import { registerRepository } from '../app/scaffolding/register_repository.js'
import { renderStub } from '../app/scaffolding/render_stub.js'
import { ScaffoldCommand } from '../app/scaffolding/scaffold_command.js'
import { ScaffoldError } from '../app/scaffolding/scaffold_error.js'
import { loadEntityDefinitions } from '../app/scaffolding/schema_snapshot.js'

export default class AddEntity extends ScaffoldCommand {
  static commandName = 'add-entity'
  static description =
    'Create an entity (or aggregate root) with its typed id, repository, Lucid model and starter test'

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

  protected async plan(): Promise<FilePlan> {
    const module = existingModule(this.app, this.module)
    this.#module = module
    assertPascalCaseName(this.name, 'entity', { sql: true })
    const properties = parseProperties(this.properties).map((spec) => ({
      ...spec,
      toModel: toModelExpression(spec, this.name.charAt(0).toLowerCase() + this.name.slice(1)),
      fromModel: fromModelExpression(spec, 'row'),
    }))
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
    if (existsSync(`${module.root}/domain/${entity.snake}.ts`) && !this.force) {
      throw new ScaffoldError(
        `The entity ${this.name} already exists in the ${module.pascal} module`,
        'Choose another name, or use --force to overwrite its generated files'
      )
    }

    const state = {
      moduleRoot: module.root,
      entity,
      aggregate: Boolean(this.aggregate),
      properties,
      table: `${module.folder}_${entity.pluralSnake}`,
      persistenceHelpers: persistenceHelpers(properties),
      writesWithClient: properties.some((p) => p.type === 'datetime'),
      readsWithClient: properties.some((p) => p.type === 'json'),
      firstRequired: properties.find((p) => !p.optional),
    }
    const stubs = [
      'definition',
      'id',
      'entity',
      'repository',
      'model',
      'lucid_repository',
      'entity_test',
    ]
    if (this.aggregate) stubs.push('created_event')

    const plan = new FilePlan(this.app.makePath())
    for (const stub of stubs) {
      const rendered = await renderStub(this.app, `entity/${stub}.stub`, state)
      plan.create(rendered.destination, rendered.contents)
    }
    await plan.edit(module.registrationFile, (source) =>
      registerRepository(source, module.registrationFile, {
        token: `${entity.pascal}Repository`,
        tokenImport: `../domain/${entity.snake}_repository.js`,
        implementation: `Lucid${entity.pascal}Repository`,
        implementationImport: `./persistence/lucid_${entity.snake}_repository.js`,
      })
    )
    return plan
  }

  protected nextSteps(): string[] {
    const module = this.#module!
    return [
      `Create its table: node ace add-migration Add${this.name} --module ${module.pascal}`,
      `Add use cases: node ace add-command Create${this.name} --module ${module.pascal} --result-type ${this.name}Id`,
    ]
  }
}
