import type { EntityDefinition } from '../building_blocks/domain/entity_definition.js'
import { entityFields, type FieldSpec, otherSample } from './crud.js'
import { entityNames, type EntityNames } from './entity_names.js'
import {
  fromColumnExpression,
  persistenceHelpers,
  propertySpec,
  toModelExpression,
  type PropertySpec,
} from './entity_properties.js'
import type { ModuleNames } from './names.js'
import type { TableSnapshot } from './schema_snapshot.js'

/** One property of a read model, with each conversion its files make. */
interface ReadModelField extends FieldSpec {
  /** The TypeScript type in the read model (`| null` when optional). */
  modelType: string
  /** Event payload → read model value. */
  fromPayload: string
  /** The same, from a payload named `earlier` (tests). */
  fromEarlier: string
  /** Read model value → column value. */
  toColumn: string
  /** Column value (from a query-builder row, keyed by column) → read model value. */
  fromColumn: string
  /** The column value's type, as the drivers return it. */
  columnType: string
  /** The JSON value a test event carries. */
  payloadSample: string
}

export interface ReadModelPlan {
  names: EntityNames & { route: string }
  /**
   * The events carry their subject's version: the copy keeps it, applies only a newer one, and
   * keeps a deleted subject as a marker (its `deleted` column) that no older event undoes.
   */
  versioned: boolean
  table: string
  fields: ReadModelField[]
  persistenceHelpers: string[]
  /** Whether writing a row needs the client (datetimes are written per connection). */
  writesWithClient: boolean
  readsWithClient: boolean
  schema: TableSnapshot
  /** For tests: a field of the copy and another valid value of it (as JSON), when one has one. */
  changed?: { field: string; json: string }
}

/**
 * The subject of an event, which its read model is a copy of: the event name without its last
 * word, the verb (ProductCreated → Product, ProductPriceChanged → ProductPrice).
 */
export function eventSubject(event: string): string {
  return /^(.*?[a-z0-9])[A-Z][a-z0-9]*$/.exec(event)?.[1] ?? event
}

function fromPayloadExpression(spec: PropertySpec, payload = 'payload'): string {
  const value = `${payload}.${spec.field}`
  if (spec.type === 'date' || spec.type === 'datetime') {
    return spec.optional ? `${value} ? new Date(${value}) : null` : `new Date(${value})`
  }
  // A contract may declare an optional property with `?`: absent is null too.
  return spec.optional ? `${value} ?? null` : value
}

/**
 * What `add-consumer --read-model` writes for a consumer keeping its own copy of another module's
 * `<Subject>` from the events' payload: the read model `<Publisher><Subject>` (Orders' copy of
 * Catalog's products is CatalogProduct), its table in the consuming module, and each property's
 * conversions, the same as a generated entity's.
 */
export function readModelPlan(
  consumer: ModuleNames,
  publisher: ModuleNames,
  event: string,
  payload: { hasVersion: boolean; properties: PropertySpec[] }
): ReadModelPlan {
  const versioned = payload.hasVersion
  // The version is a field of the copy like any other, read and answered as the event carries it.
  const properties = [
    ...(versioned ? [propertySpec('Version', { type: 'int', optional: false })] : []),
    ...payload.properties,
  ]
  const names = entityNames(`${publisher.pascal}${eventSubject(event)}`)
  const definition: EntityDefinition = {
    name: names.pascal,
    aggregate: false,
    properties: Object.fromEntries(properties.map((spec) => [spec.field, spec.definition])),
  }
  const crud = entityFields(definition, 'model')
  const fields = properties.map((spec, index) => ({
    ...crud[index],
    modelType: spec.tsType,
    fromPayload: fromPayloadExpression(spec),
    fromEarlier: fromPayloadExpression(spec, 'earlier'),
    toColumn: toModelExpression(spec, 'model'),
    fromColumn: fromColumnExpression(spec, 'row'),
    columnType: spec.modelType,
    payloadSample: crud[index].sample,
  }))
  return {
    names: { ...names, route: names.pluralSnake.replace(/_/g, '-') },
    versioned,
    changed: payload.properties
      .map((spec) => ({ field: spec.field, json: otherSample(spec.definition)?.json }))
      .find((field): field is { field: string; json: string } => field.json !== undefined),
    table: `${consumer.folder}_${names.pluralSnake}`,
    fields,
    persistenceHelpers: [...persistenceHelpers(properties), 'PreparedRead'].sort((a, b) =>
      a.localeCompare(b)
    ),
    writesWithClient: properties.some((spec) => spec.type === 'datetime'),
    readsWithClient: properties.some((spec) => spec.type === 'json'),
    schema: {
      entity: names.pascal,
      columns: {
        ...Object.fromEntries(properties.map((spec) => [spec.column, spec.definition])),
        ...(versioned ? { deleted: { type: 'boolean', optional: false } } : {}),
      },
    },
  }
}
