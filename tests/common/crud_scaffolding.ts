/**
 * The `add-endpoint` command line serving a command or query (`--command` or `--query`);
 * without a result type, add-endpoint reads it from the command or query.
 */
export function endpointCommandLine(
  module: string,
  [name, method, route, kind, message, result]: string[]
): string[] {
  const line = ['add-endpoint', name, '--module', module, '--method', method, '--route', route]
  return [...line, kind, message, ...(result ? ['--result-type', result] : [])]
}

/**
 * The command lines that give an entity its CRUD, as docs/commands.md lists them: the
 * Create/Update/Delete commands, the GetById/List queries and an endpoint for each.
 */
export function crudCommandLines(module: string, entity: string, plural: string): string[][] {
  const endpoints = [
    [`Create${entity}`, 'POST', '/', '--command', `Create${entity}`, `${entity}Id`],
    [`Get${entity}`, 'GET', '/:id', '--query', `Get${entity}ById`, `${entity}Dto`],
    [`Update${entity}`, 'PUT', '/:id', '--command', `Update${entity}`, 'void'],
    [`Patch${entity}`, 'PATCH', '/:id', '--command', `Patch${entity}`, 'void'],
    [`Delete${entity}`, 'DELETE', '/:id', '--command', `Delete${entity}`, 'void'],
    [`List${plural}`, 'GET', '/', '--query', `List${plural}`, `${entity}ListDto`],
  ]
  return [
    ['add-command', `Create${entity}`, '--module', module, '--result-type', `${entity}Id`],
    ['add-command', `Update${entity}`, '--module', module, '--result-type', 'void'],
    ['add-command', `Patch${entity}`, '--module', module, '--result-type', 'void'],
    ['add-command', `Delete${entity}`, '--module', module, '--result-type', 'void'],
    ['add-query', `Get${entity}ById`, '--module', module, '--result-type', `${entity}Dto`],
    ['add-query', `List${plural}`, '--module', module, '--result-type', `${entity}ListDto`],
    ...endpoints.map((endpoint) => endpointCommandLine(module, endpoint)),
  ]
}

/**
 * Catalog with a Product aggregate and its CRUD, and Orders consuming its ProductCreated event:
 * the two modules most scaffolding specs start from.
 */
export function catalogFeedsOrders(options: {
  properties: string
  readModel?: boolean
}): string[][] {
  return [
    ['add-module', 'Catalog'],
    ['add-module', 'Orders'],
    [
      'add-entity',
      'Product',
      '--module',
      'Catalog',
      '--aggregate',
      '--properties',
      options.properties,
    ],
    ...crudCommandLines('Catalog', 'Product', 'Products'),
    ['add-migration', 'AddProducts', '--module', 'Catalog'],
    ['add-event', 'ProductCreated', '--module', 'Catalog', '--from', 'ProductCreated'],
    [
      'add-consumer',
      'ProductCreated',
      '--module',
      'Orders',
      '--from',
      'Catalog',
      ...(options.readModel ? ['--read-model'] : []),
    ],
  ]
}

/** What a scaffolding command prints with --json. */
export interface ScaffoldJson {
  ok: boolean
  created: string[]
  edited: string[]
  unchanged: string[]
  skipped: Array<{ file: string; reason: string }>
  deleted: string[]
  nextSteps: string[]
  errors: string[]
}

/** The --json result in a command's output (ace may print a warning before it). */
export function scaffoldJson(stdout: string): ScaffoldJson {
  return JSON.parse(stdout.slice(stdout.indexOf('{'), stdout.lastIndexOf('}') + 1)) as ScaffoldJson
}
