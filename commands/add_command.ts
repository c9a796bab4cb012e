import { existsSync } from 'node:fs'
import { join } from 'node:path'
import { args, flags } from '@adonisjs/core/ace'
import {
  commandIntent,
  entityFields,
  parseCommandFields,
  patchFields,
  type FieldSpec,
  validatorKitImports,
} from '../app/scaffolding/crud.js'
import { FilePlan } from '../app/scaffolding/file_plan.js'
import { existingModule } from '../app/scaffolding/module_target.js'
import { assertPascalCaseName, sentenceWords, snakeCase } from '../app/scaffolding/names.js'
import { renderStub } from '../app/scaffolding/render_stub.js'
import { resolveResultType, useCaseName } from '../app/scaffolding/result_type.js'
import { referencedEntities, referencedIdImport } from '../app/scaffolding/references.js'
import { ScaffoldCommand, type Recipe } from '../app/scaffolding/scaffold_command.js'
import { ScaffoldError } from '../app/scaffolding/scaffold_error.js'

/** Where a CRUD command's endpoint goes: a create on the collection, the others on one item. */
const CRUD_ROUTES: Record<string, [string, string]> = {
  create: ['POST', '/'],
  update: ['PUT', '/:id'],
  patch: ['PATCH', '/:id'],
  delete: ['DELETE', '/:id'],
}

const ID_FIELD: FieldSpec = {
  field: 'id',
  optional: false,
  tsType: 'string',
  dtoType: 'string',
  rule: 'vine.string().uuid()',
  representation: 'vine.string().uuid()',
  toDto: 'entity.id',
  sample: "'0190a5a8-0000-7000-8000-000000000001'",
  column: 'id',
}

/** "restock product" → "Restock product" */
function capitalized(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1)
}

export default class AddCommand extends ScaffoldCommand {
  static commandName = 'add-command'
  static description =
    'Create a command with its handler, validator and starter test (Create/Update/Delete<Entity> get a working body)'

  @args.string({ description: 'The command name in PascalCase, e.g. CreateProduct' })
  declare name: string

  @flags.string({ description: 'The module, e.g. Catalog' })
  declare module?: string

  @flags.string({
    description: 'What the handler returns: string, number, boolean, void, <Entity>Id or a DTO',
  })
  declare resultType?: string

  @flags.string({
    description:
      'Fields of a command outside the CRUD conventions: "Quantity:int,Note:text?" (? = optional)',
  })
  declare fields?: string

  #moduleRoot?: string
  #route: [string, string] = ['POST', '/']

  protected async plan(): Promise<FilePlan> {
    const module = existingModule(this.app, this.module)
    this.#moduleRoot = module.root
    const name = useCaseName(this.name, 'Command')
    assertPascalCaseName(name, 'command')
    const entities = await this.entityDefinitions(module.root)
    const intent = commandIntent(name, entities)
    this.#route = CRUD_ROUTES[intent.kind] ?? this.#route
    const result = resolveResultType(this.resultType, module.root, entities, {
      allowMissingDto: false,
    })
    if (intent.kind === 'create' && !result.returnsId && result.type !== 'string') {
      throw new ScaffoldError(
        `${name} returns the new ${intent.entity.name}'s id: use --result-type ${intent.entity.name}Id`
      )
    }
    if (
      (intent.kind === 'update' || intent.kind === 'patch' || intent.kind === 'delete') &&
      !result.returnsId &&
      result.type !== 'void'
    ) {
      throw new ScaffoldError(
        `${name} returns nothing or the id: use --result-type void or ${intent.entity.name}Id`
      )
    }

    const snake = snakeCase(name)
    const folder = join(module.root, 'application', 'commands', snake)
    if (existsSync(folder) && !this.force) {
      throw new ScaffoldError(
        `The command ${name} already exists in the ${module.pascal} module`,
        'Use --force to overwrite it'
      )
    }
    const entityFieldSpecs = intent.kind === 'custom' ? [] : entityFields(intent.entity)
    if (this.fields !== undefined && intent.kind !== 'custom') {
      throw new ScaffoldError(
        `${name} takes its fields from the ${intent.entity.name} entity: leave --fields out`
      )
    }
    const fields =
      intent.kind === 'custom'
        ? parseCommandFields(this.fields ?? '')
        : intent.kind === 'create'
          ? entityFieldSpecs
          : intent.kind === 'update'
            ? [ID_FIELD, ...entityFieldSpecs]
            : intent.kind === 'patch'
              ? [ID_FIELD, ...patchFields(intent.entity)]
              : intent.kind === 'delete'
                ? [ID_FIELD]
                : []
    const state = {
      moduleRoot: module.root,
      folder,
      name,
      snake,
      intent,
      entity: intent.kind === 'custom' ? undefined : intent.names,
      entityFields: entityFieldSpecs,
      fields,
      validatorImports: validatorKitImports(fields).join(', '),
      // The part types its fields hold lists of (`NewOrderLine`).
      partTypes: fields.flatMap((field) =>
        field.part ? [{ name: `New${field.part.pascal}`, file: `${field.part.snake}.js` }] : []
      ),
      // The id classes of the entities its fields refer to: a validator reads each into one.
      referencedIds:
        intent.kind === 'custom' || intent.kind === 'delete'
          ? []
          : referencedEntities(Object.values(intent.entity.properties)).map(referencedIdImport),
      result,
      summary:
        intent.kind === 'custom'
          ? `${capitalized(sentenceWords(name))}.`
          : intent.kind === 'patch'
            ? `Changes the properties of ${intent.names.article} ${sentenceWords(intent.entity.name)} it is given.`
            : `${capitalized(intent.kind)}s ${intent.names.article} ${sentenceWords(intent.entity.name)}.`,
    }
    const plan = new FilePlan(this.app.makePath())
    for (const stub of ['command', 'validator', 'handler', 'test']) {
      const rendered = await renderStub(this.app, `command/${stub}.stub`, state)
      plan.createRendered(rendered)
    }
    return plan
  }

  protected recipe(): Recipe | undefined {
    const name = useCaseName(this.name, 'Command')
    return {
      moduleRoot: this.#moduleRoot!,
      key: `add-command ${name}`,
      argv: [
        'add-command',
        name,
        '--module',
        this.module!,
        ...(this.resultType === undefined ? [] : ['--result-type', this.resultType]),
        ...(this.fields === undefined ? [] : ['--fields', this.fields]),
      ],
    }
  }

  protected nextSteps(): string[] {
    const [method, route] = this.#route
    return [
      `Expose it: node ace add-endpoint ${useCaseName(this.name, 'Command')} --module ${this.module} --method ${method} --route ${route} --command ${useCaseName(this.name, 'Command')} --result-type ${this.resultType}`,
    ]
  }
}
