import { args, flags } from '@adonisjs/core/ace'
import {
  collectionRoute,
  crudCommandLines,
  crudPermissions,
} from '../app/scaffolding/crud_resource.js'
import { FilePlan } from '../app/scaffolding/file_plan.js'
import { existingModule, type ModuleTarget } from '../app/scaffolding/module_target.js'
import { readSnapshot } from '../app/scaffolding/schema_snapshot.js'
import { ScaffoldCommand, type Recipe } from '../app/scaffolding/scaffold_command.js'
import { ScaffoldError } from '../app/scaffolding/scaffold_error.js'
import { declarePermissions } from '../app/scaffolding/declare_permission.js'
import { entityNames } from '../app/scaffolding/entity_names.js'
import { planGeneratorRun } from './_generator_runs.js'

/*
 * add-crud: a whole resource in one command, all or nothing. It plans the same generator runs a
 * user would type (crud_resource.ts), each in the plan of the one before, and writes them
 * together; each file stays an ordinary generated file, and each run is recorded so that
 * sync-entity follows the entity.
 */
export default class AddCrud extends ScaffoldCommand {
  static commandName = 'add-crud'
  static description =
    "Create an entity's whole resource: create, get, list, put, patch and delete, with their endpoints and tests"

  @args.string({ description: 'The entity, made with add-entity, e.g. Order' })
  declare name: string

  @flags.string({ description: 'The module, e.g. Sales' })
  declare module?: string

  @flags.string({
    description: "The collection's route in the module's group (default: the plural, /orders)",
  })
  declare route?: string

  @flags.string({
    description: 'Operations to leave out: create, get, list, update, patch, delete',
  })
  declare except?: string

  @flags.boolean({ description: 'The reads only: get and list' })
  declare readOnly: boolean

  @flags.string({
    description:
      'Protect the operations with <prefix>.read (get, list), .create, .update (put, patch) and .delete, e.g. catalog.products',
  })
  declare permission?: string

  @flags.boolean({
    description: 'Anyone may call the operations, also in an app with authentication',
  })
  declare public: boolean

  #module?: ModuleTarget
  #recipes: Recipe[] = []
  #tableMissing = false
  #route = '/'

  protected async plan(): Promise<FilePlan> {
    const module = existingModule(this.app, this.module)
    this.#module = module
    const definitions = await this.entityDefinitions(module.root)
    const entity = definitions.find((definition) => definition.name === this.name)
    if (!entity) {
      throw new ScaffoldError(
        `The ${module.pascal} module has no entity ${this.name}`,
        `Create it first: node ace add-entity ${this.name} --module ${module.pascal} --properties "Name:string"`
      )
    }
    if (entity.partOf !== undefined) {
      throw new ScaffoldError(
        `${entity.name} is a part of ${entity.partOf}: it is created, changed and removed with its ${entity.partOf}, through the ${entity.partOf}'s own endpoints`,
        `node ace add-crud ${entity.partOf} --module ${module.pascal}`
      )
    }
    const request = {
      entity: entity.name,
      module: module.pascal,
      route: this.route,
      except: this.except,
      readOnly: this.readOnly,
      permission: this.permission,
      public: this.public,
    }
    const plan = new FilePlan(this.app.makePath())
    const permissions = crudPermissions(request)
    if (permissions.length > 0) {
      // Declared here, once: the endpoints' own runs plan no edit of the registration.
      await plan.edit(
        module.registrationFile,
        (source) => declarePermissions(source, module.registrationFile, permissions),
        { recorded: true }
      )
    }
    for (const line of crudCommandLines(request)) {
      const recipe = await planGeneratorRun(
        this,
        plan,
        [...line, ...(this.force ? ['--force'] : [])],
        {
          definitions,
          as: 'create',
        }
      )
      if (recipe) this.#recipes.push(recipe)
    }
    const table = `${module.folder}_${entityNames(entity.name).pluralSnake}`
    const snapshot = await readSnapshot(module.root)
    this.#tableMissing = !(table in snapshot.tables)
    this.#route = collectionRoute(request)
    return plan
  }

  protected recipes(): Recipe[] {
    return this.#recipes
  }

  protected nextSteps(): string[] {
    const module = this.#module!
    const base = `/api/${module.folder.replace(/_/g, '-')}${this.#route === '/' ? '' : this.#route}`
    return [
      ...(this.#tableMissing
        ? [
            `Create its table: node ace add-migration Add${entityNames(this.name).plural} --module ${module.pascal}`,
          ]
        : []),
      `Restart the app (or let \`node ace serve --watch\` do it) and call GET ${base}`,
    ]
  }
}
