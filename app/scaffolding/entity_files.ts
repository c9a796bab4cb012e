import type { ApplicationService } from '@adonisjs/core/types'
import type { EntityDefinition } from '../building_blocks/domain/entity_definition.js'
import { isListed, listFieldsName, otherSample, partSamples } from './crud.js'
import { type AggregatePart, itemBounds, partsOf } from './aggregate_parts.js'
import { entityNames } from './entity_names.js'
import { snakeCase } from './names.js'
import {
  fromColumnExpression,
  parseProperties,
  persistenceHelpers,
  toModelExpression,
  type PropertySpec,
} from './entity_properties.js'
import type { FilePlan } from './file_plan.js'
import { formatProperty } from './property_syntax.js'
import type { ModuleTarget } from './module_target.js'
import { planRepositoryBinding } from './register_repository.js'
import { referencedEntities, referencedIdImport } from './references.js'
import { renderStub, type RenderedStub } from './render_stub.js'
import { uniqueIndexName } from './unique_keys.js'

/** The `--properties` text that describes a definition's properties, as add-entity reads it. */
export function propertiesFlag(definition: EntityDefinition): string {
  return Object.entries(definition.properties)
    .map(([field, property]) =>
      formatProperty(`${field.charAt(0).toUpperCase()}${field.slice(1)}`, property)
    )
    .join(',')
}

/**
 * Renders every file add-entity derives from an entity: its definition (unless the definition
 * is the source, as for sync-entity), typed id, class, repository, Lucid repository (query builder, no model),
 * starter test and, for an aggregate, its Created event.
 */
export async function renderEntityFiles(
  app: ApplicationService,
  module: ModuleTarget,
  entity: {
    name: string
    aggregate: boolean
    properties: PropertySpec[]
    /** The aggregate it is a part of, and how many it holds: a part has only its own file. */
    partOf?: { name: string; minItems: number; maxItems: number }
    /** An aggregate's parts, from the module's definitions. */
    parts?: AggregatePart[]
  },
  options: { withDefinition: boolean }
): Promise<RenderedStub[]> {
  if (entity.partOf)
    return renderPartFiles(app, module, { ...entity, partOf: entity.partOf }, options)
  const names = entityNames(entity.name)
  const properties = entity.properties.map((spec) => ({
    ...spec,
    toModel: toModelExpression(spec, names.variable),
    // A query-builder row is keyed by column.
    fromModel: fromColumnExpression(spec, 'row'),
  }))
  const table = `${module.folder}_${names.pluralSnake}`
  const uniqueKeys = properties
    .filter((spec) => spec.definition.unique)
    .map((spec) => ({
      index: uniqueIndexName(table, spec.column),
      column: spec.column,
      field: spec.field,
      code: `${names.pascal}.${spec.pascal}Taken`,
      message: `${capitalized(names.article)} ${names.pascal} with this ${spec.field} exists already`,
    }))
  const references = properties
    .filter((spec) => spec.type === 'reference')
    .map((spec) => {
      const target = spec.definition.entity!
      const named = spec.pascal.replace(/Id$/, '')
      return {
        column: spec.column,
        field: spec.field,
        table: `${module.folder}_${entityNames(target).pluralSnake}`,
        code: `${names.pascal}.${named}NotFound`,
        message: `No ${target} has this ${spec.field}`,
      }
    })
  const parts = (entity.parts ?? []).map((part) => {
    const specs = definitionProperties(part.definition)
    return {
      ...part,
      table: `${module.folder}_${part.names.pluralSnake}`,
      tableConstant: `${part.names.pluralSnake.toUpperCase()}_TABLE`,
      constant: snakeCase(part.field).toUpperCase(),
      parentColumn: `${names.snake}_id`,
      properties: specs.map((spec) => ({
        ...spec,
        toModel: toModelExpression(spec, 'item'),
        fromModel: fromColumnExpression(spec, 'row'),
      })),
      sample: partSamples(part).entity,
      writesWithClient: specs.some((spec) => spec.type === 'datetime'),
      readsWithClient: specs.some((spec) => spec.type === 'json'),
    }
  })
  const tableConstant = `${names.pluralSnake.toUpperCase()}_TABLE`
  const byIdColumns = ['id', 'version', ...properties.map((p) => p.column)]
    .map((column) => `'${column}'`)
    .join(', ')
  const state = {
    moduleRoot: module.root,
    entity: names,
    partOf: undefined,
    parts,
    aggregate: entity.aggregate,
    properties,
    table,
    tableConstant,
    byIdColumns,
    uniqueKeys,
    references,
    // A write its database may refuse for a key or a reference: its refusal is explained.
    explainsRefusals: uniqueKeys.length > 0 || references.length > 0,
    // The id classes of the entities it refers to, imported from the domain folder.
    referencedIds: referencedEntities(entity.properties.map((spec) => spec.definition)).map(
      referencedIdImport
    ),
    // A unique key's value found taken is thrown as the kit's UniqueKeyTaken (409, its field named).
    persistenceHelpers: [
      // Once for the entity and its parts: both may hold dates or JSON.
      ...persistenceHelpers([...properties, ...parts.flatMap((part) => part.properties)]),
      'listPage',
      'type ListedColumn',
      'PreparedRead',
      'removeVersioned',
      'saveVersioned',
      ...(uniqueKeys.length > 0 ? ['type UniqueKey', 'uniqueKeyTaken'] : []),
      ...(references.length > 0
        ? ['assertReferencesExist', 'type EntityReference', 'referenceGone']
        : []),
      ...(parts.length > 0 ? ['insertParts', 'loadParts', 'type PartTable', 'replaceParts'] : []),
    ].sort((a, b) => a.replace('type ', '').localeCompare(b.replace('type ', ''))),
    listFieldsName: listFieldsName(names.snake),
    listed: properties
      .filter((spec) => isListed(spec.definition))
      .map((spec) => ({ field: spec.field, column: spec.column, toSql: listedToSql(spec) })),
    writesWithClient: properties.some((p) => p.type === 'datetime'),
    readsWithClient:
      properties.some((p) => p.type === 'json') || parts.some((part) => part.readsWithClient),
    firstRequired: properties.find((p) => !p.optional),
    // The starter test updates the first property that has another value than its sample.
    changed: properties
      .map((p) => ({ field: p.field, sample: otherSample(p.definition)?.entity }))
      .find((p) => p.sample !== undefined),
  }
  const stubs = [
    ...(options.withDefinition ? ['definition'] : []),
    'id',
    'entity',
    'repository',
    'lucid_repository',
    'entity_test',
    ...(entity.aggregate ? ['created_event'] : []),
  ]
  const rendered: RenderedStub[] = []
  for (const stub of stubs) rendered.push(await renderStub(app, `entity/${stub}.stub`, state))
  if (entity.aggregate) {
    for (const change of CHANGES) {
      rendered.push(await renderStub(app, 'entity/changed_event.stub', { ...state, change }))
    }
  }
  return rendered
}

/**
 * A part's files: its definition (unless the definition is the source) and its own file, the
 * part's type and the function that makes one. It has no id, repository or events: its
 * aggregate's files hold it.
 */
async function renderPartFiles(
  app: ApplicationService,
  module: ModuleTarget,
  part: {
    name: string
    properties: PropertySpec[]
    partOf: { name: string; minItems: number; maxItems: number }
  },
  options: { withDefinition: boolean }
): Promise<RenderedStub[]> {
  const state = {
    moduleRoot: module.root,
    entity: entityNames(part.name),
    aggregate: false,
    properties: part.properties,
    partOf: part.partOf.name,
    partNames: entityNames(part.partOf.name),
    items: { min: part.partOf.minItems, max: part.partOf.maxItems },
    firstRequired: part.properties.find((p) => !p.optional),
  }
  const stubs = [...(options.withDefinition ? ['definition'] : []), 'part']
  const rendered: RenderedStub[] = []
  for (const stub of stubs) rendered.push(await renderStub(app, `entity/${stub}.stub`, state))
  return rendered
}

/** The domain events an aggregate raises beside Created, each carrying its snapshot. */
const CHANGES = [
  { pascal: 'Updated', snake: 'updated', verb: 'updated', carries: 'what it became' },
  { pascal: 'Deleted', snake: 'deleted', verb: 'deleted', carries: 'what it was' },
]

/** How a list's filter value of the property is written for the connection, when not as it is. */
function listedToSql(spec: PropertySpec): string | undefined {
  if (spec.type === 'date') return '(value) => toSqlDate(value as Date)'
  if (spec.type === 'datetime') return '(value, client) => toSqlDateTime(client, value as Date)'
  return undefined
}

function capitalized(word: string): string {
  return `${word.charAt(0).toUpperCase()}${word.slice(1)}`
}

/** What renderEntityFiles takes to write the files of the entity a definition describes. */
export function entityToRender(definition: EntityDefinition) {
  return {
    name: definition.name,
    aggregate: definition.aggregate,
    properties: definitionProperties(definition),
    partOf:
      definition.partOf === undefined
        ? undefined
        : { name: definition.partOf, ...itemBounds(definition.items, definition.name) },
    parts: partsOf(definition),
  }
}

/** The entity's properties as add-entity reads them, from its definition. */
function definitionProperties(definition: EntityDefinition): PropertySpec[] {
  return parseProperties(propertiesFlag(definition), `in the definition of ${definition.name}`)
}

/** Registers the entity's repository in the module's registration class, once. */
export async function planRepositoryRegistration(
  plan: FilePlan,
  module: ModuleTarget,
  entityName: string
): Promise<void> {
  const entity = entityNames(entityName)
  await planRepositoryBinding(plan, module, {
    token: `${entity.pascal}Repository`,
    tokenImport: `../domain/${entity.snake}_repository.js`,
    implementation: `Lucid${entity.pascal}Repository`,
    implementationImport: `./persistence/lucid_${entity.snake}_repository.js`,
  })
}
