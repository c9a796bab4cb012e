import { join } from 'node:path'
import type { EntityDefinition } from '../building_blocks/domain/entity_definition.js'
import { commandIntent, queryIntent } from './crud.js'
import { dtoRepresentation, endpointDocsText, successPath } from './endpoint_docs.js'
import type { EndpointRoute, HandlerFacts, MessageFacts, ValidatorField } from './module_facts.js'
import { assertPascalCaseName, camelCase, snakeCase } from './names.js'
import { useCaseName } from './result_type.js'
import { ScaffoldError } from './scaffold_error.js'

/*
 * What add-endpoint writes, decided from its options and the facts of the module (read by
 * endpoint_facts.ts): pure, so every decision is unit-tested without a disk. The command renders
 * the stubs it names with the state it returns.
 */

const METHODS = ['get', 'post', 'put', 'patch', 'delete']
const SEGMENT = /^(?::[a-z][A-Za-z0-9]*|[a-z0-9][a-z0-9-]*)$/

/** The flags of add-endpoint as typed. */
export interface EndpointFlags {
  name: string
  method?: string
  route?: string
  command?: string
  query?: string
  resultType?: string
  force?: boolean
}

/** The flags checked: a method the router knows, a route, one use case. */
export interface EndpointOptions {
  name: string
  /** Lowercase: get, post, put, patch, delete. */
  method: string
  route: string
  kind: 'command' | 'query'
  /** The command or query without its suffix: CreateProduct. */
  useCase: string
  resultType?: string
  force: boolean
}

/** What the command read from the app before deciding anything. */
export interface EndpointFacts {
  module: { pascal: string; folder: string; root: string }
  /** The API version the endpoint is served in (--api-version), checked against the module. */
  version?: { folder: string; segment: string }
  /**
   * The message file of the use case: whether it exists, its class when it could be read, and
   * the validator of its query string when a query's file exports one (`listProductsParameters`).
   */
  message: { exists: boolean; facts?: MessageFacts; parameters?: string }
  /** The module's commands (or queries), for the hint when the use case does not exist. */
  knownUseCases: string[]
  /** The command's validator: undefined when there is none (a query, or no validator file). */
  validator?: { fields?: ValidatorField[] }
  handler: HandlerFacts
  entities: EntityDefinition[]
  /**
   * The endpoint files of the folder the endpoint goes into, with the route each declares when
   * it could be the new endpoint's (couldServe in endpoint_facts.ts): only such a route is read.
   */
  endpoints: Array<{ fileName: string; path: string; route?: EndpointRoute }>
  /** Whether the app's test run migrates its database first (tests/bootstrap.ts). */
  testsMigrate: boolean
}

type EndpointState = ReturnType<typeof endpointState>

export interface EndpointPlan {
  files: Array<{ stub: 'endpoint/endpoint.stub' | 'endpoint/test.stub'; state: EndpointState }>
  /** The starter test has no success path: the app's tests do not migrate the database. */
  withoutSuccessTests: boolean
}

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

/** A route as the router matches it: `/:id` and `/:productId` are the same route. */
const routeShape = (route: string) => route.replace(/:[A-Za-z0-9]+/g, ':')

/** Checks the flags that need nothing from the app. */
export function endpointOptions(flags: EndpointFlags): EndpointOptions {
  assertPascalCaseName(flags.name, 'endpoint')
  const method = (flags.method ?? '').toLowerCase()
  if (!METHODS.includes(method)) {
    throw new ScaffoldError(
      `--method must be one of ${METHODS.map((m) => m.toUpperCase()).join(', ')}`
    )
  }
  const route = checkRoute(flags.route)
  if (Boolean(flags.command) === Boolean(flags.query)) {
    throw new ScaffoldError('Give exactly one of --command <Name> or --query <Name>')
  }
  const kind = flags.command ? 'command' : 'query'
  return {
    name: flags.name,
    method,
    route,
    kind,
    useCase: useCaseName((flags.command ?? flags.query)!, kind === 'command' ? 'Command' : 'Query'),
    ...(flags.resultType === undefined ? {} : { resultType: flags.resultType }),
    force: Boolean(flags.force),
  }
}

/** Where the use case's files are: application/<commands|queries>/<use_case>/. */
export function useCaseFiles(moduleRoot: string, options: EndpointOptions) {
  const snake = snakeCase(options.useCase)
  const folderName = options.kind === 'command' ? 'commands' : 'queries'
  const folder = join(moduleRoot, 'application', folderName, snake)
  return {
    folderName,
    snake,
    message: join(folder, `${snake}_${options.kind}.ts`),
    validator: join(folder, `${snake}_validator.ts`),
    handler: join(folder, `${snake}_handler.ts`),
  }
}

/** The folder the endpoint goes into: api/, or api/<version>/ with --api-version. */
export function endpointFolder(moduleRoot: string, version: EndpointFacts['version']): string {
  return join(moduleRoot, 'api', ...(version ? [version.folder] : []))
}

/** The endpoint file and its starter test, or a ScaffoldError saying why not. */
export function planEndpoint(options: EndpointOptions, facts: EndpointFacts): EndpointPlan {
  const { module } = facts
  const { useCase, kind } = options
  const className = `${useCase}${kind === 'command' ? 'Command' : 'Query'}`
  const files = useCaseFiles(module.root, options)
  if (!facts.message.exists) {
    const known = facts.knownUseCases
    throw new ScaffoldError(
      `The ${kind} ${useCase} does not exist in the ${module.pascal} module`,
      (known.length
        ? `Known ${files.folderName}: ${known.join(', ')}. `
        : `The module has no ${files.folderName} yet. `) +
        `Create it first: node ace add-${kind} ${useCase} --module ${module.pascal} --result-type ${options.resultType ?? '<Type>'}`
    )
  }
  if (!facts.message.facts?.hasFromInput) {
    throw new ScaffoldError(
      `${className} has no fromInput(): it was not made by add-${kind}, so bind it by hand`
    )
  }
  const declared = facts.message.facts.resultType
  const resultType = options.resultType ?? declared
  if (!resultType) {
    throw new ScaffoldError('--result-type is required, e.g. --result-type ProductId')
  }
  if (declared && declared !== resultType.replace(/\s+/g, '')) {
    throw new ScaffoldError(
      `--result-type ${resultType} does not match ${className}, which returns ${declared}`,
      `Use --result-type ${declared}, or leave --result-type out and it is read from ${className}`
    )
  }

  const snake = snakeCase(options.name)
  const fileName = `${snake}_endpoint.ts`
  if (facts.endpoints.some((endpoint) => endpoint.fileName === fileName) && !options.force) {
    throw new ScaffoldError(
      `The endpoint ${options.name} already exists in the ${module.pascal} module`,
      'Use --force to overwrite it'
    )
  }
  const clash = facts.endpoints.find(
    (endpoint) =>
      endpoint.fileName !== fileName &&
      endpoint.route?.method === options.method &&
      routeShape(endpoint.route.path) === routeShape(options.route)
  )
  if (clash) {
    throw new ScaffoldError(
      `${options.method.toUpperCase()} ${options.route} is already served by ${clash.path}: the app would refuse to start with two endpoints on one route`,
      'Choose another --method or --route, or change that endpoint'
    )
  }

  const state = endpointState(options, facts, { className, resultType, snake })
  const writesTest =
    state.rejectsEmptyBody ||
    state.rejectsBadId ||
    state.rejectsUnknownField ||
    state.answersNotImplemented ||
    state.success !== undefined
  return {
    files: [
      { stub: 'endpoint/endpoint.stub', state },
      ...(writesTest ? [{ stub: 'endpoint/test.stub' as const, state }] : []),
    ],
    withoutSuccessTests: !state.handlerNotImplemented && !facts.testsMigrate,
  }
}

/** The data both stubs render: the route, the message, the docs and the starter test's cases. */
function endpointState(
  options: EndpointOptions,
  facts: EndpointFacts,
  names: { className: string; resultType: string; snake: string }
) {
  const { module, version } = facts
  const { method, route, useCase, kind } = options
  const { className, resultType, snake } = names
  const files = useCaseFiles(module.root, options)
  const up = version ? '../../' : '../'
  const useCaseImport = `${up}application/${files.folderName}/${files.snake}/${files.snake}`
  const params = route
    .split('/')
    .filter((segment) => segment.startsWith(':'))
    .map((segment) => segment.slice(1))
  const uuidParams = params.filter((param) => param === 'id' || param.endsWith('Id'))
  const returnsId = resultType.endsWith('Id') || resultType === 'string'
  const response: 'noContent' | 'created' | 'ok' =
    resultType === 'void' || method === 'delete'
      ? 'noContent'
      : method === 'post' && returnsId
        ? 'created'
        : 'ok'
  const routeSegment = module.folder.replace(/_/g, '-')
  const base = version ? `/api/${version.segment}/${routeSegment}` : `/api/${routeSegment}`
  const requiresBody =
    kind === 'command' && (facts.validator?.fields ?? []).some((field) => !field.optional)
  const handlerNotImplemented = facts.handler.notImplementedCodes.includes(
    `${useCase}.NotImplemented`
  )
  const sendsBody = ['post', 'put', 'patch'].includes(method)
  const intent =
    kind === 'command'
      ? commandIntent(useCase, facts.entities)
      : queryIntent(useCase, facts.entities)
  const requestBody =
    kind === 'command' && sendsBody && facts.validator !== undefined
      ? { name: `${camelCase(useCase)}Validator`, import: `${useCaseImport}_validator.js` }
      : undefined
  const representation = response === 'ok' ? dtoRepresentation(intent, kind) : undefined
  const queryParameters =
    kind === 'query' && facts.message.parameters
      ? { name: facts.message.parameters, import: `${useCaseImport}_${kind}.js` }
      : undefined
  const findsById =
    intent.kind === 'getById' ||
    intent.kind === 'update' ||
    intent.kind === 'patch' ||
    intent.kind === 'delete' ||
    facts.handler.answersNotFound
  // A value a unique key holds already answers 409 <Entity>.<Property>Taken.
  const keyed =
    (intent.kind === 'create' || intent.kind === 'update' || intent.kind === 'patch') &&
    Object.values(intent.entity.properties).some((property) => property.unique)
  // The entity has versions: its GET answers ETag, and a change takes If-Match (412 when stale).
  const conditional = ['getById', 'update', 'patch', 'delete'].includes(intent.kind)
  const problems = [
    ...(findsById ? [404] : []),
    ...(keyed ? [409] : []),
    ...(handlerNotImplemented ? [501] : []),
  ]
  return {
    testName: version ? `${snake}_${version.folder}` : snake,
    sampleBase: base,
    moduleRoot: module.root,
    folder: endpointFolder(module.root, version),
    name: options.name,
    snake,
    method,
    route,
    routeSegment,
    uuidParams,
    conditional,
    response,
    successText: { created: '201 with Location', noContent: '204', ok: '200' }[response],
    message: { kind, className, import: `${useCaseImport}_${kind}.js` },
    sampleUrl: `${base}${route === '/' ? '/' : route.replace(/:[A-Za-z0-9]+/g, '0190a5a8-0000-7000-8000-000000000001')}`,
    // An id no test stores a row under, for a reference that names nothing.
    missingId: '0190a5a8-0000-7000-8000-00000000dead',
    badIdUrl: `${base}${route.replace(/:[A-Za-z0-9]+/g, 'not-a-uuid')}`,
    rejectsEmptyBody: requiresBody && sendsBody && uuidParams.length === 0,
    rejectsBadId: uuidParams.length > 0,
    rejectsUnknownField: requestBody !== undefined,
    handlerNotImplemented,
    // Until its handler is written the endpoint answers 501; a body with required fields
    // answers 400 first, which the test above covers.
    answersNotImplemented: handlerNotImplemented && !(requiresBody && sendsBody),
    sendsBody,
    notImplementedCode: `${useCase}.NotImplemented`,
    success:
      handlerNotImplemented || !facts.testsMigrate
        ? undefined
        : successPath(intent, method, route, base, {
            entities: facts.entities,
            folder: module.folder,
          }),
    docs: {
      ...endpointDocsText(options.name, intent),
      successStatus: { created: 201, noContent: 204, ok: 200 }[response],
      successDescription:
        response === 'created'
          ? `The id of the new ${intent.kind === 'create' ? intent.names.pascal : 'resource'}`
          : response === 'noContent'
            ? 'Done (no body)'
            : (representation?.description ?? (returnsId ? 'The id' : 'The result')),
      requestBody,
      queryParameters,
      representation,
      // An id answer without its own schema: the id of what a command made or changed.
      returnsIdSchema: response !== 'noContent' && returnsId && !representation,
      problems,
    },
  }
}
