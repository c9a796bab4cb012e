import { existsSync } from 'node:fs'
import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { args, flags } from '@adonisjs/core/ace'
import {
  entityFields,
  type ListedField,
  listedFields,
  listFieldsName,
  queryIntent,
  sortedFields,
} from '../app/scaffolding/crud.js'
import { FilePlan } from '../app/scaffolding/file_plan.js'
import { moduleFacts } from '../app/scaffolding/module_facts.js'
import { existingModule } from '../app/scaffolding/module_target.js'
import { assertPascalCaseName, sentenceWords, snakeCase } from '../app/scaffolding/names.js'
import { renderStub, type RenderedStub } from '../app/scaffolding/render_stub.js'
import {
  queryParametersName,
  queryResultType,
  resolveResultType,
  useCaseName,
} from '../app/scaffolding/result_type.js'
import { ScaffoldCommand, type Recipe } from '../app/scaffolding/scaffold_command.js'
import { ScaffoldError } from '../app/scaffolding/scaffold_error.js'

const UUID_SAMPLE = "'0190a5a8-0000-7000-8000-000000000001'"

/** What a list query's file imports from the kit's application layer, for its filters. */
function listKitImports(listed: ListedField[], sorted: string[]): string[] {
  const rules = ['dateTimeFromText', 'dateTimeText'].filter((rule) =>
    listed.some((field) => field.rule.includes(rule))
  )
  const sorting = sorted.length > 0 ? ['sortParameter'] : []
  const ranges = listed.some((field) => field.ranged) ? ['rangeParameters'] : []
  return [...rules, 'flatQueryParameters', 'Query', ...ranges, ...sorting]
}

export default class AddQuery extends ScaffoldCommand {
  static commandName = 'add-query'
  static description =
    'Create a query with its handler and starter test, and its DTO when missing (Get<Entity>ById and List<Entities> get a working body)'

  @args.string({ description: 'The query name in PascalCase, e.g. GetProductById' })
  declare name: string

  @flags.string({ description: 'The module, e.g. Catalog' })
  declare module?: string

  @flags.string({
    description:
      'What the handler returns: a DTO (created when missing) or a primitive; derived for Get<Entity>ById (<Entity>Dto) and List<Entities> (<Entity>ListDto)',
  })
  declare resultType?: string

  #moduleRoot?: string
  /** What the next step exposes: the module, the query's route and its result type. */
  #exposed?: { module: string; route: string; resultType: string }

  protected async plan(): Promise<FilePlan> {
    const module = existingModule(this.app, this.module)
    this.#moduleRoot = module.root
    const name = useCaseName(this.name, 'Query')
    assertPascalCaseName(name, 'query')
    const entities = await this.entityDefinitions(module.root)
    const intent = queryIntent(name, entities)
    const result = resolveResultType(
      queryResultType(name, intent, this.resultType),
      module.root,
      entities,
      { allowMissingDto: true }
    )
    this.#exposed = {
      module: module.pascal,
      // A list is the collection itself; a custom query takes no id, so it gets a path of its own.
      route:
        intent.kind === 'list'
          ? '/'
          : intent.kind === 'getById'
            ? '/:id'
            : `/${snakeCase(name).replace(/_/g, '-')}`,
      resultType: result.type,
    }
    const snake = snakeCase(name)
    const folder = join(module.root, 'application', 'queries', snake)
    if (existsSync(folder) && !this.force) {
      throw new ScaffoldError(
        `The query ${name} already exists in the ${module.pascal} module`,
        'Use --force to overwrite it'
      )
    }

    const plan = new FilePlan(this.app.makePath())
    const dtosFolder = join(module.root, 'application', 'dtos')
    const dtoOf = (type: string) => ({
      type,
      snake: snakeCase(type),
      path: join(dtosFolder, `${snakeCase(type)}.ts`),
    })
    let state: Record<string, unknown> = {
      moduleRoot: module.root,
      folder,
      name,
      snake,
      intent,
      result,
      parameters: queryParametersName(name),
    }

    if (intent.kind === 'custom') {
      const text = sentenceWords(name)
      state = { ...state, fields: [], summary: `${text.charAt(0).toUpperCase()}${text.slice(1)}.` }
      if (result.missingDto) {
        const customDto = dtoOf(result.type)
        plan.createRendered(await this.render('query/custom_dto', { ...state, customDto }))
      }
    } else {
      const entity = intent.names
      const dto = intent.kind === 'getById' ? dtoOf(result.type) : dtoOf(`${entity.pascal}Dto`)
      const listDto = dtoOf(result.type)
      const entityFieldSpecs = entityFields(intent.entity)
      const fields =
        intent.kind === 'getById'
          ? [{ field: 'id', optional: false, tsType: 'string', sample: UUID_SAMPLE }]
          : []
      const listed = listedFields(intent.entity)
      const sorted = sortedFields(intent.entity)
      state = {
        ...state,
        listed,
        sorted,
        listFieldsName: listFieldsName(entity.snake),
        listKitImports: listKitImports(listed, sorted),
        rangeSample: listed.find((field) => field.ranged)?.field ?? 'price',
        entity,
        dto,
        listDto,
        entityFields: entityFieldSpecs,
        pluralWords: sentenceWords(entity.plural),
        fields,
        summary:
          intent.kind === 'getById'
            ? `One ${sentenceWords(entity.pascal)} by its id.`
            : `A page of ${sentenceWords(entity.plural)}.`,
      }
      // The DTOs follow the entity: --force writes them again from its definition.
      if (!existsSync(dto.path) || this.force) {
        plan.createRendered(await this.render('query/entity_dto', state))
      } else {
        const facts = await moduleFacts()
        const exported = facts.exports(await readFile(dto.path, 'utf8'), dto.path)
        const mapper = `to${dto.type}`
        if (![...exported.functions, ...exported.variables].includes(mapper)) {
          throw new ScaffoldError(
            `${dto.type} exists but has no to${dto.type}(entity) to map a ${entity.pascal} with`
          )
        }
      }
      if (intent.kind === 'list' && (!existsSync(listDto.path) || this.force)) {
        plan.createRendered(await this.render('query/list_dto', state))
      }
    }
    for (const stub of ['query', 'handler', 'test']) {
      plan.createRendered(await this.render(`query/${stub}`, state))
    }
    return plan
  }

  private render(stub: string, state: Record<string, unknown>): Promise<RenderedStub> {
    return renderStub(this.app, `${stub}.stub`, state)
  }

  protected recipe(): Recipe | undefined {
    const name = useCaseName(this.name, 'Query')
    return {
      moduleRoot: this.#moduleRoot!,
      key: `add-query ${name}`,
      argv: [
        'add-query',
        name,
        '--module',
        this.module!,
        ...(this.resultType === undefined ? [] : ['--result-type', this.resultType]),
      ],
    }
  }

  protected nextSteps(): string[] {
    const name = useCaseName(this.name, 'Query')
    const { module, route, resultType } = this.#exposed!
    return [
      `Expose it: node ace add-endpoint ${name} --module ${module} --method GET --route ${route} --query ${name} --result-type ${resultType}`,
    ]
  }
}
