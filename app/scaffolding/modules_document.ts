import { eventLabel, type InventoryModule, type ModuleInventory } from './module_inventory.js'

/*
 * docs/modules.md, rendered from a module inventory (pure: no dates, no paths of the machine, the
 * inventory's order): a Mermaid flowchart of the modules and the integration events between
 * them, then one section per module. `node ace docs:modules` writes it; a test of the app fails
 * when the committed file differs from what the modules hold today.
 */

export { MODULES_DOCUMENT_PATH } from './modules_document_path.js'

/** A Markdown table with its columns padded, as prettier writes one. */
function table(head: string[], rows: string[][]): string {
  const escape = (cell: string) => cell.replace(/\|/g, '\\|')
  const cells = [head, ...rows].map((row) => row.map(escape))
  const widths = head.map((_, column) => Math.max(3, ...cells.map((row) => row[column]!.length)))
  const line = (row: string[]) =>
    `| ${row.map((cell, column) => cell.padEnd(widths[column]!)).join(' | ')} |`
  return [
    line(cells[0]!),
    `| ${widths.map((width) => '-'.repeat(width)).join(' | ')} |`,
    ...cells.slice(1).map(line),
  ].join('\n')
}

const code = (text: string) => `\`${text}\``

/** The Mermaid id of a module: its folder, prefixed so that no name meets a Mermaid keyword. */
const nodeId = (module: string) => `module_${module}`

/** The flowchart: one node per module with its API versions, one edge per event and consumer. */
export function renderModulesMermaid(inventory: ModuleInventory): string {
  const lines = ['flowchart LR']
  for (const module of inventory.modules) {
    const versions = module.apiVersions.length
      ? `API ${module.apiVersions.join(', ')}`
      : 'unversioned API'
    lines.push(`  ${nodeId(module.module)}["${module.module}<br/>${versions}"]`)
  }
  const edges = new Set<string>()
  for (const consumer of inventory.modules) {
    for (const { event, publisher } of consumer.consumers) {
      if (!event || !publisher) continue
      edges.add(`  ${nodeId(publisher)} -->|"${eventLabel(event)}"| ${nodeId(consumer.module)}`)
    }
  }
  lines.push(...[...edges].sort())
  return lines.join('\n')
}

function entitiesSection(module: InventoryModule): string {
  if (module.entities.length === 0) return 'None.'
  return module.entities
    .map((entity) =>
      [
        `#### ${entity.name}${entity.aggregate ? ' (aggregate)' : ''}`,
        '',
        table(
          ['Property', 'Type', 'Required'],
          entity.properties.map((property) => [
            code(property.name),
            code(property.type),
            property.optional ? 'no' : 'yes',
          ])
        ),
      ].join('\n')
    )
    .join('\n\n')
}

function messagesSection(kind: 'Command' | 'Query', messages: InventoryModule['commands']) {
  if (messages.length === 0) return 'None.'
  return table(
    [kind, 'Result', 'File'],
    messages.map((message) => [
      code(message.name),
      message.resultType === null ? '' : code(message.resultType),
      code(message.file),
    ])
  )
}

function endpointsSection(module: InventoryModule): string {
  if (module.endpoints.length === 0) return 'None.'
  return table(
    ['Method', 'Route', 'API version', 'Endpoint'],
    module.endpoints.map((endpoint) => [
      endpoint.method,
      code(endpoint.route),
      endpoint.apiVersion ?? 'all',
      code(endpoint.name),
    ])
  )
}

function eventsSection(module: InventoryModule, inventory: ModuleInventory): string {
  const consumersOf = (type: string, version: number) =>
    inventory.modules
      .flatMap((other) =>
        other.consumers
          .filter(({ event }) => event?.type === type && event.version === version)
          .map((consumer) => `${other.module} (${code(consumer.name)})`)
      )
      .join(', ') || 'nobody yet'
  const published = module.publishes.length
    ? table(
        ['Publishes', 'Consumed by'],
        module.publishes.map((event) => [
          code(eventLabel(event)),
          consumersOf(event.type, event.version),
        ])
      )
    : 'Publishes no integration event.'
  const consumed = module.consumers.length
    ? table(
        ['Consumes', 'Published by', 'Consumer'],
        module.consumers.map((consumer) => [
          consumer.event ? code(eventLabel(consumer.event)) : 'unknown',
          consumer.publisher ?? 'unknown',
          code(consumer.name),
        ])
      )
    : 'Consumes no integration event.'
  return `${published}\n\n${consumed}`
}

function moduleSection(module: InventoryModule, inventory: ModuleInventory): string {
  const versions = module.apiVersions.length
    ? module.apiVersions
        .map((version) => (version === module.defaultVersion ? `${version} (default)` : version))
        .join(', ')
    : 'none (unversioned)'
  return [
    `## ${module.module}`,
    `Registration class ${code(module.className)}. API versions: ${versions}.`,
    '### Entities',
    entitiesSection(module),
    '### Commands',
    messagesSection('Command', module.commands),
    '### Queries',
    messagesSection('Query', module.queries),
    '### Endpoints',
    endpointsSection(module),
    '### Events',
    eventsSection(module, inventory),
  ].join('\n\n')
}

/** The whole of docs/modules.md. */
export function renderModulesDocument(inventory: ModuleInventory): string {
  const body = inventory.modules.length
    ? inventory.modules.map((module) => moduleSection(module, inventory))
    : ['This app has no module yet: `node ace add-module <Name>` creates one.']
  return [
    '# Modules',
    "<!-- Written by `node ace docs:modules` from the modules' files. Do not edit: a test fails when it no longer matches them. -->",
    'Each box is a module with its API versions; each arrow an integration event, from the module that publishes it to a module that consumes it.',
    ['```mermaid', renderModulesMermaid(inventory), '```'].join('\n'),
    ...body,
  ]
    .join('\n\n')
    .concat('\n')
}
