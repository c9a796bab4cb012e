import { existsSync, globSync } from 'node:fs'
import { readFile } from 'node:fs/promises'
import { basename, dirname, join } from 'node:path'
import { MODULE_INDEX_SECTIONS } from '../building_blocks/infrastructure/modules/module_index.js'
import { moduleFacts } from './module_facts.js'
import { inventoryReader, type ContractFacts } from './module_inventory_reader.js'
import { indexedFiles } from './module_index_source.js'
import { formatProperty } from './property_syntax.js'
import { loadEntityDefinitions } from './schema_snapshot.js'

/*
 * What the app's modules hold, read from their files without starting the app: the sections of
 * each module's index (the files `pantheon:index` lists), its registration class, its API
 * versions and its integration contracts, each read with ts-morph, and its entity definitions.
 * The list:* and docs:modules commands print it; everything is sorted, so the output is stable.
 */

interface InventoryProperty {
  name: string
  /** As add-entity writes it: `string(120)`, `decimal(10,2)`, `enum(draft,live)`. */
  type: string
  optional: boolean
}

interface InventoryEntity {
  name: string
  aggregate: boolean
  properties: InventoryProperty[]
}

interface InventoryMessage {
  name: string
  resultType: string | null
  file: string
}

interface InventoryEndpoint {
  name: string
  method: string
  /** The path under the module's prefix: `/api/catalog/:id`. */
  route: string
  /** The API version it serves (`api/v2/` → `2.0`), or null: every version of the module. */
  apiVersion: string | null
  file: string
}

export interface InventoryEvent {
  type: string
  version: number
}

interface InventoryConsumer {
  name: string
  event: InventoryEvent | null
  /** The module whose integration/ folder defines the event. */
  publisher: string | null
  file: string
}

export interface InventoryModule {
  /** The module's folder under modules/ (`order_items`). */
  module: string
  /** Its registration class (`OrderItemsModule`). */
  className: string
  apiVersions: string[]
  defaultVersion: string | null
  entities: InventoryEntity[]
  commands: InventoryMessage[]
  queries: InventoryMessage[]
  endpoints: InventoryEndpoint[]
  /** The contracts in its registration class's `publishes`. */
  publishes: InventoryEvent[]
  consumers: InventoryConsumer[]
}

export interface ModuleInventory {
  modules: InventoryModule[]
}

interface ContractAt extends ContractFacts {
  module: string
  file: string
}

const byName = <T extends { name: string }>(a: T, b: T) => a.name.localeCompare(b.name)
const byEvent = (a: InventoryEvent, b: InventoryEvent) =>
  a.type.localeCompare(b.type) || a.version - b.version

/** `../integration/x.js` from a module file, or `#modules/catalog/integration/x`: the source file. */
function resolveSource(appRoot: string, fromFile: string, specifier: string): string | undefined {
  const path = specifier.startsWith('#modules/')
    ? join(appRoot, 'modules', specifier.slice('#modules/'.length))
    : specifier.startsWith('.')
      ? join(dirname(fromFile), specifier)
      : undefined
  return path?.replace(/\.js$/, '').concat('.ts')
}

/** The integration contracts every module defines, keyed by `<file>#<export>`. */
async function readContracts(appRoot: string): Promise<Map<string, ContractAt>> {
  const reader = await inventoryReader()
  const contracts = new Map<string, ContractAt>()
  for (const file of globSync('modules/*/integration/**/*.ts', { cwd: appRoot }).sort()) {
    if (file.endsWith('.d.ts')) continue
    const path = join(appRoot, file)
    const module = file.split(/[\\/]/)[1]!
    for (const contract of reader.contracts(await readFile(path, 'utf8'), path)) {
      contracts.set(`${path}#${contract.exportName}`, { ...contract, module, file })
    }
  }
  return contracts
}

/** The contracts a property of a file's default class names (`publishes`, `consumes`). */
async function referencedContracts(
  appRoot: string,
  path: string,
  property: string,
  contracts: Map<string, ContractAt>
): Promise<ContractAt[]> {
  const reader = await inventoryReader()
  const source = await readFile(path, 'utf8')
  const names = reader.classReferences(source, path, property) ?? []
  const imports = reader.imports(source, path)
  return names.flatMap((name) => {
    const imported = imports.get(name)
    const file = imported ? resolveSource(appRoot, path, imported.from) : undefined
    const contract = file ? contracts.get(`${file}#${imported!.name}`) : undefined
    return contract ? [contract] : []
  })
}

/**
 * The module's entities: each entity definition, with its property types as `--properties` writes
 * them, and each entity class of domain/ written by hand without one (its types as written).
 */
async function readEntities(moduleRoot: string): Promise<InventoryEntity[]> {
  const definitions = await loadEntityDefinitions(moduleRoot)
  const entities: InventoryEntity[] = definitions.map((definition) => ({
    name: definition.name,
    aggregate: definition.aggregate,
    properties: Object.entries(definition.properties).map(([name, property]) => ({
      name,
      type: formatProperty('P', { ...property, optional: false }).slice(2),
      optional: property.optional,
    })),
  }))
  const defined = new Set(entities.map((entity) => entity.name))
  const reader = await inventoryReader()
  for (const file of globSync('domain/**/*.ts', { cwd: moduleRoot }).sort()) {
    if (file.endsWith('.d.ts') || file.endsWith('_definition.ts')) continue
    const path = join(moduleRoot, file)
    for (const entity of reader.entityClasses(await readFile(path, 'utf8'), path)) {
      if (!defined.has(entity.name)) entities.push(entity)
    }
  }
  return entities.sort(byName)
}

async function readMessages(moduleRoot: string, files: string[]) {
  const facts = await moduleFacts()
  const messages: { command: InventoryMessage[]; query: InventoryMessage[] } = {
    command: [],
    query: [],
  }
  for (const file of files.filter((entry) => MODULE_INDEX_SECTIONS.messages.test(entry))) {
    const message = facts.message(await readFile(join(moduleRoot, file), 'utf8'), file)
    if (!message) continue
    messages[message.kind].push({
      name: message.className.replace(/(Command|Query)$/, ''),
      resultType: message.resultType ?? null,
      file,
    })
  }
  return { commands: messages.command.sort(byName), queries: messages.query.sort(byName) }
}

/** `api/v2/…` serves 2.0 and `api/v2_1/…` 2.1, as the module's routes read it. */
function folderVersion(file: string): string | null {
  const match = /^v(\d{1,4})(?:_(\d{1,4}))?$/.exec(file.split('/')[1] ?? '')
  return match && file.split('/').length > 2 ? `${Number(match[1])}.${Number(match[2] ?? 0)}` : null
}

async function readEndpoints(moduleRoot: string, files: string[]): Promise<InventoryEndpoint[]> {
  const facts = await moduleFacts()
  const prefix = `/api/${basename(moduleRoot).replace(/_/g, '-')}`
  const endpoints: InventoryEndpoint[] = []
  for (const file of files.filter((entry) => MODULE_INDEX_SECTIONS.endpoints.test(entry))) {
    const route = facts.endpointRoute(await readFile(join(moduleRoot, file), 'utf8'), file)
    if (!route) continue
    const path = route.path === '/' ? '' : route.path.replace(/^(?!\/)/, '/')
    endpoints.push({
      name: route.className.replace(/Endpoint$/, ''),
      method: route.method.toUpperCase(),
      route: `${prefix}${path}`,
      apiVersion: folderVersion(file),
      file,
    })
  }
  return endpoints.sort(
    (a, b) =>
      a.route.localeCompare(b.route) ||
      a.method.localeCompare(b.method) ||
      (a.apiVersion ?? '').localeCompare(b.apiVersion ?? '')
  )
}

async function readConsumers(
  appRoot: string,
  moduleRoot: string,
  files: string[],
  contracts: Map<string, ContractAt>
): Promise<InventoryConsumer[]> {
  const facts = await moduleFacts()
  const consumers: InventoryConsumer[] = []
  for (const file of files.filter((entry) => MODULE_INDEX_SECTIONS.consumers.test(entry))) {
    const path = join(moduleRoot, file)
    const [contract] = await referencedContracts(appRoot, path, 'consumes', contracts)
    const source = await readFile(path, 'utf8')
    const className = facts.exports(source, path).defaultClass
    consumers.push({
      name: className ?? basename(file, '.ts'),
      event: contract ? { type: contract.type, version: contract.version } : null,
      publisher: contract?.module ?? null,
      file,
    })
  }
  return consumers.sort(byName)
}

async function readModule(
  appRoot: string,
  registrationFile: string,
  contracts: Map<string, ContractAt>
): Promise<InventoryModule> {
  const reader = await inventoryReader()
  const facts = await moduleFacts()
  const registration = join(appRoot, registrationFile)
  const moduleRoot = dirname(dirname(registration))
  const registrationSource = await readFile(registration, 'utf8')
  const className = facts.registration(registrationSource, registration)?.className
  const imports = reader.imports(registrationSource, registration)
  const [versionsName] =
    reader.classReferences(registrationSource, registration, 'apiVersions') ?? []
  const versionsSpecifier = versionsName ? imports.get(versionsName)?.from : undefined
  const versionsFile = versionsSpecifier
    ? resolveSource(appRoot, registration, versionsSpecifier)
    : undefined
  const versions =
    versionsFile && existsSync(versionsFile)
      ? reader.apiVersions(await readFile(versionsFile, 'utf8'), versionsFile)
      : undefined
  const files = indexedFiles(moduleRoot)
  const published = await referencedContracts(appRoot, registration, 'publishes', contracts)
  return {
    module: basename(moduleRoot),
    className: className ?? basename(registration, '.ts'),
    apiVersions: versions?.versions ?? [],
    defaultVersion: versions?.defaultVersion ?? null,
    entities: await readEntities(moduleRoot),
    ...(await readMessages(moduleRoot, files)),
    endpoints: await readEndpoints(moduleRoot, files),
    publishes: published.map(({ type, version }) => ({ type, version })).sort(byEvent),
    consumers: await readConsumers(appRoot, moduleRoot, files, contracts),
  }
}

/** Every module of the app at `appRoot`, sorted by folder. */
export async function readModuleInventory(appRoot: string): Promise<ModuleInventory> {
  const contracts = await readContracts(appRoot)
  const registrations = globSync('modules/*/infrastructure/*_module.ts', { cwd: appRoot })
    .filter((file) => {
      const folder = file.split(/[\\/]/)[1]
      return basename(file) === `${folder}_module.ts`
    })
    .sort()
  const modules: InventoryModule[] = []
  for (const file of registrations) modules.push(await readModule(appRoot, file, contracts))
  return { modules }
}

/** An event as people write it: `catalog.product_created v1`. */
export function eventLabel(event: InventoryEvent): string {
  return `${event.type} v${event.version}`
}
