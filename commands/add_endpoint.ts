import { existsSync, readFileSync } from 'node:fs'
import { readdir, readFile } from 'node:fs/promises'
import { join, relative } from 'node:path'
import { args, flags } from '@adonisjs/core/ace'
import {
  parseApiVersion,
  versionFolder,
  versionSegment,
} from '../app/building_blocks/infrastructure/http/versioning/api_version.js'
import { moduleVersions } from '../app/scaffolding/api_versions_codemod.js'
import {
  commandIntent,
  entityFields,
  queryIntent,
  type CrudIntent,
} from '../app/scaffolding/crud.js'
import { propertySpec } from '../app/scaffolding/entity_properties.js'
import { FilePlan } from '../app/scaffolding/file_plan.js'
import { requiredValidatorFields } from '../app/scaffolding/validator_fields.js'
import { existingModule, type ModuleTarget } from '../app/scaffolding/module_target.js'
import {
  assertPascalCaseName,
  camelCase,
  sentenceWords,
  snakeCase,
} from '../app/scaffolding/names.js'
import { renderStub } from '../app/scaffolding/render_stub.js'
import { useCaseName } from '../app/scaffolding/result_type.js'
import { ScaffoldCommand, type Recipe } from '../app/scaffolding/scaffold_command.js'
import { ScaffoldError } from '../app/scaffolding/scaffold_error.js'

const METHODS = ['get', 'post', 'put', 'patch', 'delete']
const SEGMENT = /^(?::[a-z][A-Za-z0-9]*|[a-z0-9][a-z0-9-]*)$/

/** `/`, `/:id`, `/:id/items`: lowercase segments and camelCase params. */
function checkRoute(route: string | undefined): string {
  if (!route) throw new ScaffoldError('--route is required, e.g. --route / or --route /:id')
  if (route === '/') return route
  const segments = route.split('/')
  if (segments[0] !== '' || segments.slice(1).some((segment) => !SEGMENT.test(segment))) {
    throw new ScaffoldError(
      `--route "${route}" is not a route: start with /, use lowercase segments and :params (e.g. /:id/items)`
    )
  }
  return route
}

/** The result type a generated message declares: `extends Command<ProductId>` → ProductId. */
function declaredResultType(source: string, className: string): string | undefined {
  const match = new RegExp(`class ${className} extends (?:Command|Query)<(.+)> \\{`).exec(source)
  return match?.[1].replace(/\s+/g, '')
}

/** The commands (or queries) of a module, by the folders add-command and add-query made. */
async function knownUseCases(folder: string, kind: 'command' | 'query'): Promise<string[]> {
  const entries = await readdir(folder, { withFileTypes: true }).catch(() => [])
  return entries
    .filter((entry) => entry.isDirectory())
    .filter((entry) => existsSync(join(folder, entry.name, `${entry.name}_${kind}.ts`)))
    .map((entry) =>
      entry.name.replace(/(^|_)([a-z0-9])/g, (_, __, letter: string) => letter.toUpperCase())
    )
    .sort()
}

/** A route as the router matches it: `/:id` and `/:productId` are the same route. */
const routeShape = (route: string) => route.replace(/:[A-Za-z0-9]+/g, ':')

/**
 * Another endpoint file of the same folder (one API version) on this method and route, params
 * named differently included.
 */
async function endpointOnRoute(
  folder: string,
  method: string,
  route: string,
  ownFile: string
): Promise<string | undefined> {
  const files = await readdir(folder).catch(() => [])
  for (const file of files.filter((name) => name.endsWith('_endpoint.ts')).sort()) {
    if (file === ownFile) continue
    const source = await readFile(join(folder, file), 'utf8')
    const path = /readonly path = '([^']*)'/.exec(source)?.[1]
    if (
      source.includes(`readonly method = '${method}'`) &&
      path !== undefined &&
      routeShape(path) === routeShape(route)
    ) {
      return join(folder, file)
    }
  }
  return undefined
}

/**
 * The response schema of a query's DTO, when the query follows a CRUD convention and so returns
 * the DTO add-query derived from the entity: its fields, or a page of them.
 */
function dtoRepresentation(intent: CrudIntent, kind: 'command' | 'query') {
  if (kind !== 'query' || (intent.kind !== 'getById' && intent.kind !== 'list')) return undefined
  const fields = [
    { field: 'id', representation: 'vine.string().uuid()' },
    ...entityFields(intent.entity),
  ]
  return {
    name: `${intent.names.camel}${intent.kind === 'list' ? 'Page' : ''}Representation`,
    list: intent.kind === 'list',
    fields,
    description:
      intent.kind === 'list' ? `One page of ${intent.names.plural}` : `The ${intent.names.pascal}`,
  }
}

/**
 * The summary and description of the endpoint in the API document: what a CRUD use case does to
 * its entity ("Create an order item"), or the endpoint's name in words for any other.
 */
function endpointDocsText(
  name: string,
  intent: CrudIntent
): { summary: string; description?: string } {
  if (intent.kind === 'custom') {
    const text = sentenceWords(name)
    return { summary: text.charAt(0).toUpperCase() + text.slice(1) }
  }
  const one = `${intent.names.article} ${sentenceWords(intent.names.pascal)}`
  const the = `the ${sentenceWords(intent.names.pascal)}`
  switch (intent.kind) {
    case 'create':
      return {
        summary: `Create ${one}`,
        description: `Stores a new ${sentenceWords(intent.names.pascal)} and answers its id; Location is the URL to read it at.`,
      }
    case 'getById':
      return { summary: `Get ${one}`, description: `Answers ${the} with this id, or 404.` }
    case 'list':
      return {
        summary: `List ${sentenceWords(intent.names.plural)}`,
        description:
          'One page at a time, in id order: ?page= (from 1) and ?perPage= (20 by default, at most 100).',
      }
    case 'update':
      return {
        summary: `Update ${one}`,
        description: `Replaces every property of ${the} with this id; 404 when there is none.`,
      }
    case 'delete':
      return {
        summary: `Delete ${one}`,
        description: `Removes ${the} with this id; 404 when there is none.`,
      }
  }
}

/**
 * What the starter test of a CRUD endpoint checks on the success path, on the app's own
 * database: a create answers 201 with the id and its Location; a read answers the stored
 * entity; a list holds it; an update and a delete answer 204 and change what is stored. The
 * entity is stored through its repository first, with a valid sample of every property (the
 * same values as JSON make the request body and the expected answer). Only for the
 * conventional routes (`/` and `/:id`); another route gets no success test.
 */
function successPath(intent: CrudIntent, method: string, route: string, base: string) {
  if (intent.kind === 'custom') return undefined
  const expected = {
    create: ['post', '/'],
    getById: ['get', '/:id'],
    list: ['get', '/'],
    update: ['put', '/:id'],
    delete: ['delete', '/:id'],
  }[intent.kind]
  if (method !== expected[0] || route !== expected[1]) return undefined
  const properties = Object.entries(intent.entity.properties)
  const fields = entityFields(intent.entity)
  return {
    kind: intent.kind,
    entity: intent.names,
    // From the module's tests/integration/ folder, where the starter test is written.
    entityImport: `../../domain/${intent.names.snake}.js`,
    repositoryImport: `../../domain/${intent.names.snake}_repository.js`,
    stored: properties.map(([field, definition]) => ({
      field,
      sample: propertySpec('Sample', definition).sample,
    })),
    body: fields.map((field) => ({ field: field.field, sample: field.sample })),
    url: `${base}/`,
  }
}

export default class AddEndpoint extends ScaffoldCommand {
  static commandName = 'add-endpoint'
  static description =
    "Create an endpoint in a module's route group that sends a command or asks a query"

  @args.string({ description: 'The endpoint name in PascalCase, e.g. CreateProduct' })
  declare name: string

  @flags.string({ description: 'The module, e.g. Catalog' })
  declare module?: string

  @flags.string({ description: 'GET, POST, PUT, PATCH or DELETE' })
  declare method?: string

  @flags.string({ description: 'The path inside the module group, e.g. / or /:id' })
  declare route?: string

  @flags.string({ description: 'The command it sends (made with add-command)' })
  declare command?: string

  @flags.string({ description: 'The query it asks (made with add-query)' })
  declare query?: string

  @flags.string({ description: 'What the command or query returns, e.g. ProductId or ProductDto' })
  declare resultType?: string

  @flags.string({
    description: 'Serve it in this API version only (declared with add-api-version), e.g. 2.0',
  })
  declare apiVersion?: string

  #moduleRoot?: string

  protected async plan(): Promise<FilePlan> {
    const module = existingModule(this.app, this.module)
    this.#moduleRoot = module.root
    assertPascalCaseName(this.name, 'endpoint')
    const method = (this.method ?? '').toLowerCase()
    if (!METHODS.includes(method)) {
      throw new ScaffoldError(
        `--method must be one of ${METHODS.map((m) => m.toUpperCase()).join(', ')}`
      )
    }
    const route = checkRoute(this.route)
    if (Boolean(this.command) === Boolean(this.query)) {
      throw new ScaffoldError('Give exactly one of --command <Name> or --query <Name>')
    }
    const kind = this.command ? 'command' : 'query'
    const useCase = useCaseName(
      (this.command ?? this.query)!,
      kind === 'command' ? 'Command' : 'Query'
    )
    const useCaseSnake = snakeCase(useCase)
    const folderName = kind === 'command' ? 'commands' : 'queries'
    const messageFile = join(
      module.root,
      'application',
      folderName,
      useCaseSnake,
      `${useCaseSnake}_${kind}.ts`
    )
    if (!existsSync(messageFile)) {
      const known = await knownUseCases(join(module.root, 'application', folderName), kind)
      throw new ScaffoldError(
        `The ${kind} ${useCase} does not exist in the ${module.pascal} module`,
        (known.length
          ? `Known ${folderName}: ${known.join(', ')}. `
          : `The module has no ${folderName} yet. `) +
          `Create it first: node ace add-${kind} ${useCase} --module ${module.pascal} --result-type ${this.resultType ?? '<Type>'}`
      )
    }
    const className = `${useCase}${kind === 'command' ? 'Command' : 'Query'}`
    const messageSource = await readFile(messageFile, 'utf8')
    if (!messageSource.includes('static fromInput(')) {
      throw new ScaffoldError(
        `${className} has no fromInput(): it was not made by add-${kind}, so bind it by hand`
      )
    }
    const declared = declaredResultType(messageSource, className)
    const resultType = this.resultType ?? declared
    if (!resultType) {
      throw new ScaffoldError('--result-type is required, e.g. --result-type ProductId')
    }
    if (declared && declared !== resultType.replace(/\s+/g, '')) {
      throw new ScaffoldError(
        `--result-type ${resultType} does not match ${className}, which returns ${declared}`,
        `Use --result-type ${declared}, or leave --result-type out and it is read from ${className}`
      )
    }

    const snake = snakeCase(this.name)
    const version = await this.versionFolder(module)
    const folder = join(module.root, 'api', ...(version ? [version.folder] : []))
    const up = version ? '../../' : '../'
    if (existsSync(join(folder, `${snake}_endpoint.ts`)) && !this.force) {
      throw new ScaffoldError(
        `The endpoint ${this.name} already exists in the ${module.pascal} module`,
        'Use --force to overwrite it'
      )
    }
    const clash = await endpointOnRoute(folder, method, route, `${snake}_endpoint.ts`)
    if (clash) {
      throw new ScaffoldError(
        `${method.toUpperCase()} ${route} is already served by ${relative(this.app.makePath(), clash)}: the app would refuse to start with two endpoints on one route`,
        'Choose another --method or --route, or change that endpoint'
      )
    }
    const params = route
      .split('/')
      .filter((segment) => segment.startsWith(':'))
      .map((segment) => segment.slice(1))
    const uuidParams = params.filter((param) => param === 'id' || param.endsWith('Id'))
    const returnsId = resultType.endsWith('Id') || resultType === 'string'
    const response =
      resultType === 'void' || method === 'delete'
        ? 'noContent'
        : method === 'post' && returnsId
          ? 'created'
          : 'ok'
    const routeSegment = module.folder.replace(/_/g, '-')
    const base = version ? `/api/${version.segment}/${routeSegment}` : `/api/${routeSegment}`
    const validatorFile = messageFile.replace(/_command\.ts$/, '_validator.ts')
    const validatorSource = kind === 'command' ? await this.plannedSource(validatorFile) : undefined
    const requiresBody =
      kind === 'command' && (requiredValidatorFields(validatorSource ?? '') ?? []).length > 0
    const handlerSource =
      (await this.plannedSource(messageFile.replace(/_(command|query)\.ts$/, '_handler.ts'))) ?? ''
    const answersNotImplemented = handlerSource.includes(
      `AppError.notImplemented('${useCase}.NotImplemented'`
    )
    const sendsBody = ['post', 'put', 'patch'].includes(method)
    const entities = await this.entityDefinitions(module.root)
    const intent =
      kind === 'command' ? commandIntent(useCase, entities) : queryIntent(useCase, entities)
    const requestBody =
      kind === 'command' && sendsBody && validatorSource !== undefined
        ? {
            name: `${camelCase(useCase)}Validator`,
            import: `${up}application/${folderName}/${useCaseSnake}/${useCaseSnake}_validator.js`,
          }
        : undefined
    const representation = response === 'ok' ? dtoRepresentation(intent, kind) : undefined
    const findsById =
      intent.kind === 'getById' ||
      intent.kind === 'update' ||
      intent.kind === 'delete' ||
      handlerSource.includes('AppError.notFound(')
    const problems = [...(findsById ? [404] : []), ...(answersNotImplemented ? [501] : [])]
    const state = {
      testName: version ? `${snake}_${version.folder}` : snake,
      sampleBase: base,
      moduleRoot: module.root,
      folder,
      name: this.name,
      snake,
      method,
      route,
      routeSegment,
      uuidParams,
      response,
      successText: { created: '201 with Location', noContent: '204', ok: '200' }[response],
      message: {
        kind,
        className,
        import: `${up}application/${folderName}/${useCaseSnake}/${useCaseSnake}_${kind}.js`,
      },
      sampleUrl: `${base}${route === '/' ? '/' : route.replace(/:[A-Za-z0-9]+/g, '0190a5a8-0000-7000-8000-000000000001')}`,
      badIdUrl: `${base}${route.replace(/:[A-Za-z0-9]+/g, 'not-a-uuid')}`,
      rejectsEmptyBody:
        requiresBody && ['post', 'put', 'patch'].includes(method) && uuidParams.length === 0,
      rejectsBadId: uuidParams.length > 0,
      rejectsUnknownField: requestBody !== undefined,
      // Until its handler is written the endpoint answers 501; a body with required fields
      // answers 400 first, which the test above covers.
      answersNotImplemented: answersNotImplemented && !(requiresBody && sendsBody),
      sendsBody,
      notImplementedCode: `${useCase}.NotImplemented`,
      success:
        answersNotImplemented || !this.#testsMigrate()
          ? undefined
          : successPath(intent, method, route, base),
      docs: {
        ...endpointDocsText(this.name, intent),
        successStatus: { created: 201, noContent: 204, ok: 200 }[response],
        successDescription:
          response === 'created'
            ? `The id of the new ${intent.kind === 'create' ? intent.names.pascal : 'resource'}`
            : response === 'noContent'
              ? 'Done (no body)'
              : (representation?.description ?? (returnsId ? 'The id' : 'The result')),
        requestBody,
        representation,
        // An id answer without its own schema: the id of what a command made or changed.
        returnsIdSchema: response !== 'noContent' && returnsId && !representation,
        problems,
      },
    }
    const plan = new FilePlan(this.app.makePath())
    const endpoint = await renderStub(this.app, 'endpoint/endpoint.stub', state)
    plan.create(endpoint.destination, endpoint.contents)
    if (
      state.rejectsEmptyBody ||
      state.rejectsBadId ||
      state.rejectsUnknownField ||
      state.answersNotImplemented ||
      state.success
    ) {
      const test = await renderStub(this.app, 'endpoint/test.stub', state)
      plan.create(test.destination, test.contents)
    }
    return plan
  }

  /** The api/ subfolder of --api-version (v2, v2_1), after checking the module declares it. */
  private async versionFolder(module: ModuleTarget) {
    if (this.apiVersion === undefined) return undefined
    const version = parseApiVersion(this.apiVersion)
    if (!version)
      throw new ScaffoldError(
        `--api-version "${this.apiVersion}" is not an API version: write e.g. 2.0`
      )
    const { versions } = await moduleVersions(module)
    if (!versions.includes(version)) {
      throw new ScaffoldError(
        `The ${module.pascal} module does not declare API version ${version}`,
        `Declare it first: node ace add-api-version ${module.pascal} ${version}`
      )
    }
    return { folder: versionFolder(version), segment: versionSegment(version) }
  }

  protected recipe(): Recipe | undefined {
    const option = (flag: string, value: string | undefined) =>
      value === undefined ? [] : [flag, value]
    return {
      moduleRoot: this.#moduleRoot!,
      key: `add-endpoint ${this.name}${this.apiVersion ? ` ${this.apiVersion}` : ''}`,
      argv: [
        'add-endpoint',
        this.name,
        '--module',
        this.module!,
        ...option('--method', this.method),
        ...option('--route', this.route),
        ...option('--command', this.command),
        ...option('--query', this.query),
        ...option('--result-type', this.resultType),
        ...option('--api-version', this.apiVersion),
      ],
    }
  }

  /**
   * Whether the app's test run migrates its database first (tests/bootstrap.ts of an app made
   * by init does): the success-path tests store and read rows, so they are written only then.
   */
  #testsMigrate(): boolean {
    const bootstrap = this.app.makePath('tests', 'bootstrap.ts')
    const migrates = existsSync(bootstrap) && readFileSync(bootstrap, 'utf8').includes('.migrate(')
    if (!migrates) this.#withoutSuccessTests = true
    return migrates
  }

  #withoutSuccessTests = false

  protected nextSteps(): string[] {
    return [
      'Restart the app (or let `node ace serve --watch` do it) and call the endpoint',
      ...(this.#withoutSuccessTests
        ? [
            'Its starter test has no success-path case: tests/bootstrap.ts does not migrate the database before the tests (add `await testUtils.db().migrate()` to runnerHooks.setup, as apps made by init do, and run add-endpoint again with --force)',
          ]
        : []),
    ]
  }
}
