import { eventLabel, type InventoryEvent, type ModuleInventory } from './module_inventory.js'

/*
 * The rows of the list:* commands, from a module inventory: each list is a JSON array of these
 * objects with --json, and a table otherwise (`cells`). Pure and sorted as the inventory is.
 */

export interface InventoryList<Row> {
  /** What the command prints when there are no rows: "No modules". */
  empty: string
  head: string[]
  rows(inventory: ModuleInventory): Row[]
  cells(row: Row): string[]
}

const sameEvent = (a: InventoryEvent | null, b: InventoryEvent) =>
  a !== null && a.type === b.type && a.version === b.version

export interface ModuleRow {
  module: string
  className: string
  apiVersions: string[]
  defaultVersion: string | null
  entities: string[]
  commands: string[]
  queries: string[]
  endpoints: number
  publishes: string[]
  consumes: string[]
}

export const moduleList: InventoryList<ModuleRow> = {
  empty: 'No modules',
  head: [
    'module',
    'api versions',
    'entities',
    'commands',
    'queries',
    'endpoints',
    'publishes',
    'consumes',
  ],
  rows: (inventory) =>
    inventory.modules.map((module) => ({
      module: module.module,
      className: module.className,
      apiVersions: module.apiVersions,
      defaultVersion: module.defaultVersion,
      entities: module.entities.map((entity) => entity.name),
      commands: module.commands.map((command) => command.name),
      queries: module.queries.map((query) => query.name),
      endpoints: module.endpoints.length,
      publishes: module.publishes.map(eventLabel),
      consumes: [
        ...new Set(module.consumers.flatMap(({ event }) => (event ? [eventLabel(event)] : []))),
      ].sort(),
    })),
  cells: (row) => [
    row.module,
    row.apiVersions.join(', ') || '-',
    String(row.entities.length),
    String(row.commands.length),
    String(row.queries.length),
    String(row.endpoints),
    row.publishes.join(', ') || '-',
    row.consumes.join(', ') || '-',
  ],
}

export interface EntityRow {
  module: string
  entity: string
  aggregate: boolean
  properties: { name: string; type: string; optional: boolean }[]
}

export const entityList: InventoryList<EntityRow> = {
  empty: 'No entities',
  head: ['module', 'entity', 'aggregate', 'properties'],
  rows: (inventory) =>
    inventory.modules.flatMap((module) =>
      module.entities.map((entity) => ({
        module: module.module,
        entity: entity.name,
        aggregate: entity.aggregate,
        properties: entity.properties,
      }))
    ),
  cells: (row) => [
    row.module,
    row.entity,
    row.aggregate ? 'yes' : 'no',
    row.properties
      .map((property) => `${property.name}${property.optional ? '?' : ''}: ${property.type}`)
      .join(', '),
  ],
}

export interface EventRow {
  type: string
  version: number
  publisher: string
  consumers: { module: string; consumer: string }[]
}

export const eventList: InventoryList<EventRow> = {
  empty: 'No integration events published',
  head: ['event', 'version', 'publisher', 'consumers'],
  rows: (inventory) =>
    inventory.modules
      .flatMap((publisher) =>
        publisher.publishes.map((event) => ({
          type: event.type,
          version: event.version,
          publisher: publisher.module,
          consumers: inventory.modules.flatMap((module) =>
            module.consumers
              .filter((consumer) => sameEvent(consumer.event, event))
              .map((consumer) => ({ module: module.module, consumer: consumer.name }))
          ),
        }))
      )
      .sort((a, b) => a.type.localeCompare(b.type) || a.version - b.version),
  cells: (row) => [
    row.type,
    String(row.version),
    row.publisher,
    row.consumers.map(({ module, consumer }) => `${module}.${consumer}`).join(', ') || '-',
  ],
}

export interface ConsumerRow {
  module: string
  consumer: string
  event: string | null
  version: number | null
  publisher: string | null
}

export const consumerList: InventoryList<ConsumerRow> = {
  empty: 'No consumers',
  head: ['module', 'consumer', 'event', 'version', 'publisher'],
  rows: (inventory) =>
    inventory.modules.flatMap((module) =>
      module.consumers.map((consumer) => ({
        module: module.module,
        consumer: consumer.name,
        event: consumer.event?.type ?? null,
        version: consumer.event?.version ?? null,
        publisher: consumer.publisher,
      }))
    ),
  cells: (row) => [
    row.module,
    row.consumer,
    row.event ?? '?',
    row.version === null ? '?' : String(row.version),
    row.publisher ?? '?',
  ],
}

export interface EndpointRow {
  module: string
  endpoint: string
  method: string
  route: string
  apiVersion: string | null
}

export const endpointList: InventoryList<EndpointRow> = {
  empty: 'No endpoints',
  head: ['module', 'method', 'route', 'api version', 'endpoint'],
  rows: (inventory) =>
    inventory.modules.flatMap((module) =>
      module.endpoints.map((endpoint) => ({
        module: module.module,
        endpoint: endpoint.name,
        method: endpoint.method,
        route: endpoint.route,
        apiVersion: endpoint.apiVersion,
      }))
    ),
  cells: (row) => [row.module, row.method, row.route, row.apiVersion ?? 'all', row.endpoint],
}
