import { entityNames } from './entity_names.js'
import { ScaffoldError } from './scaffold_error.js'

/** The operations of a resource, in the order add-crud writes them. */
const CRUD_OPERATIONS = ['create', 'get', 'list', 'update', 'patch', 'delete'] as const

type CrudOperation = (typeof CRUD_OPERATIONS)[number]

const READ_ONLY: CrudOperation[] = ['get', 'list']

/** What add-crud is asked for: which operations, on which collection route. */
export interface CrudRequest {
  entity: string
  module: string
  route?: string
  except?: string
  readOnly?: boolean
  /** `--permission <prefix>`: each operation needs `<prefix>.<its action>`. */
  permission?: string
  public?: boolean
}

/** The permission each operation needs, after `--permission`'s prefix. */
const ACTIONS: Record<CrudOperation, string> = {
  create: 'create',
  get: 'read',
  list: 'read',
  update: 'update',
  patch: 'update',
  delete: 'delete',
}

/** `--permission catalog.products`: the permissions the operations asked for need, in order. */
export function crudPermissions(request: CrudRequest): string[] {
  if (request.permission === undefined) return []
  if (!/^[a-z][a-z0-9_]*\.[a-z][a-z0-9_-]*$/.test(request.permission.trim())) {
    throw new ScaffoldError(
      `--permission ${request.permission} is not a prefix of permissions`,
      'Write <module>.<resource> in lower case, e.g. catalog.products: the operations need catalog.products.read, .create, .update and .delete'
    )
  }
  const actions = crudOperations(request).map((operation) => ACTIONS[operation])
  return [...new Set(actions)].map((action) => `${request.permission!.trim()}.${action}`)
}

/** The operations asked for: all, the reads alone (`--read-only`), less those of `--except`. */
function crudOperations(request: CrudRequest): CrudOperation[] {
  const except = (request.except ?? '')
    .split(',')
    .map((name) => name.trim().toLowerCase())
    .filter(Boolean)
  const unknown = except.filter((name) => !(CRUD_OPERATIONS as readonly string[]).includes(name))
  if (unknown.length > 0) {
    throw new ScaffoldError(
      `--except ${unknown.join(', ')}: not an operation of a resource`,
      `Leave out any of ${CRUD_OPERATIONS.join(', ')}, separated by commas`
    )
  }
  const asked = request.readOnly ? READ_ONLY : CRUD_OPERATIONS
  const operations = asked.filter((operation) => !except.includes(operation))
  if (operations.length === 0) {
    throw new ScaffoldError('--except leaves no operation to write')
  }
  return operations
}

/**
 * The collection's route inside the module's group: `--route`, or the entity's plural in
 * kebab case (`/order-lines`), so that two entities of a module each have their own.
 */
export function collectionRoute(request: CrudRequest): string {
  if (request.route === undefined) {
    return `/${entityNames(request.entity).pluralSnake.replace(/_/g, '-')}`
  }
  const route = request.route.trim()
  if (route !== '/' && !/^(\/[a-z0-9][a-z0-9-]*)+$/.test(route)) {
    throw new ScaffoldError(
      `--route ${request.route} is not a collection route`,
      'Write / or lower-case segments such as /orders or /sales/orders, without parameters'
    )
  }
  return route
}

/**
 * The generator runs that make the operations: the commands and queries first, then the
 * endpoints, which read what those will write. Each is an ordinary generator run, recorded so
 * that sync-entity runs it again when the entity changes.
 */
export function crudCommandLines(request: CrudRequest): string[][] {
  const names = entityNames(request.entity)
  const { pascal: entity, plural } = names
  const collection = collectionRoute(request)
  const item = collection === '/' ? '/:id' : `${collection}/:id`
  const module = ['--module', request.module]
  const pieces: Record<CrudOperation, { useCase: string[]; endpoint: string[] }> = {
    create: {
      useCase: ['add-command', `Create${entity}`, ...module, '--result-type', `${entity}Id`],
      endpoint: endpoint(
        `Create${entity}`,
        'POST',
        collection,
        '--command',
        `Create${entity}`,
        `${entity}Id`
      ),
    },
    get: {
      useCase: ['add-query', `Get${entity}ById`, ...module, '--result-type', `${entity}Dto`],
      endpoint: endpoint(
        `Get${entity}`,
        'GET',
        item,
        '--query',
        `Get${entity}ById`,
        `${entity}Dto`
      ),
    },
    list: {
      useCase: ['add-query', `List${plural}`, ...module, '--result-type', `${entity}ListDto`],
      endpoint: endpoint(
        `List${plural}`,
        'GET',
        collection,
        '--query',
        `List${plural}`,
        `${entity}ListDto`
      ),
    },
    update: {
      useCase: ['add-command', `Update${entity}`, ...module, '--result-type', 'void'],
      endpoint: endpoint(`Update${entity}`, 'PUT', item, '--command', `Update${entity}`, 'void'),
    },
    patch: {
      useCase: ['add-command', `Patch${entity}`, ...module, '--result-type', 'void'],
      endpoint: endpoint(`Patch${entity}`, 'PATCH', item, '--command', `Patch${entity}`, 'void'),
    },
    delete: {
      useCase: ['add-command', `Delete${entity}`, ...module, '--result-type', 'void'],
      endpoint: endpoint(`Delete${entity}`, 'DELETE', item, '--command', `Delete${entity}`, 'void'),
    },
  }
  const operations = crudOperations(request)
  const access = (operation: CrudOperation) =>
    request.permission !== undefined
      ? ['--permission', `${request.permission.trim()}.${ACTIONS[operation]}`]
      : request.public
        ? ['--public']
        : []
  return [
    ...operations.map((operation) => pieces[operation].useCase),
    ...operations.map((operation) => [...pieces[operation].endpoint, ...access(operation)]),
  ]

  function endpoint(
    name: string,
    method: string,
    route: string,
    kind: '--command' | '--query',
    useCase: string,
    resultType: string
  ): string[] {
    return [
      'add-endpoint',
      name,
      ...module,
      '--method',
      method,
      '--route',
      route,
      kind,
      useCase,
      '--result-type',
      resultType,
    ]
  }
}
