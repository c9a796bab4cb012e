import { partsOf } from './aggregate_parts.js'
import {
  entityFields,
  listedFields,
  otherSample,
  partSamples,
  sortedFields,
  type CrudIntent,
} from './crud.js'
import type { EntityDefinition } from '../building_blocks/domain/entity_definition.js'
import { propertySpec } from './entity_properties.js'
import { pascalCase, sentenceWords } from './names.js'
import { referencedRows } from './referenced_rows.js'

/*
 * What add-endpoint writes about a use case besides the route: the OpenAPI text and response
 * schema of the endpoint, and the success path of its starter test. Pure: from the use case's
 * CRUD intent, derived from the module's entity definitions.
 */

/**
 * The response schema of a query's DTO, when the query follows a CRUD convention and so returns
 * the DTO add-query derived from the entity: its fields, or a page of them.
 */
export function dtoRepresentation(intent: CrudIntent, kind: 'command' | 'query') {
  if (kind !== 'query' || (intent.kind !== 'getById' && intent.kind !== 'list')) return undefined
  const fields = [
    { field: 'id', representation: 'vine.string().uuid()' },
    { field: 'version', representation: 'vine.number().withoutDecimals().min(1)' },
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
export function endpointDocsText(
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
          'One page at a time: ?page= (from 1) and ?perPage= (20 by default, at most 100), in the order ?sort= asks (then in id order), holding those that pass every filter.',
      }
    case 'update':
      return {
        summary: `Update ${one}`,
        description: `Replaces every property of ${the} with this id; 404 when there is none.`,
      }
    case 'patch':
      return {
        summary: `Change ${one}`,
        description: `Changes the properties it is sent of ${the} with this id, as a JSON Merge Patch (RFC 7396): a property left out keeps its value, null clears an optional one; 404 when there is none.`,
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
export function successPath(
  intent: CrudIntent,
  method: string,
  route: string,
  base: string,
  /** The module's entities, of which its samples may refer to some; and the module's folder. */
  module: { entities: readonly EntityDefinition[]; folder: string }
) {
  if (intent.kind === 'custom') return undefined
  const expected = {
    create: 'post',
    getById: 'get',
    list: 'get',
    update: 'put',
    patch: 'patch',
    delete: 'delete',
  }[intent.kind]
  // The collection's route (`/`, `/customers`) for a create and a list, an item's below it.
  const onItem = !['create', 'list'].includes(intent.kind)
  const shape = onItem ? /^((?:\/[a-z0-9-]+)*)\/:id$/ : /^((?:\/[a-z0-9-]+)*)\/?$/
  const collection = shape.exec(route)?.[1]
  if (method !== expected || collection === undefined) return undefined
  const properties = Object.entries(intent.entity.properties)
  const parts = partsOf(intent.entity)
  const referenced = referencedRows(intent.entity, module.entities, module.folder)
  const fields = entityFields(intent.entity)
  return {
    kind: intent.kind,
    entity: intent.names,
    // From the module's tests/integration/ folder, where the starter test is written.
    entityImport: `../../domain/${intent.names.snake}.js`,
    repositoryImport: `../../domain/${intent.names.snake}_repository.js`,
    stored: [
      ...properties.map(([field, definition]) => ({
        field,
        sample: propertySpec('Sample', definition).sample,
      })),
      ...parts.map((part) => ({ field: part.field, sample: partSamples(part).entity })),
    ],
    body: fields.map((field) => ({ field: field.field, sample: field.sample })),
    // A part's sample is a list of objects, which prettier lays out by rules the stub does not
    // follow: the test goes through prettier.
    hasParts: parts.length > 0,
    url: `${base}${collection}/`,
    // The text of the template literal that addresses the stored entity, `/api/x/${product.id}`:
    // a stub cannot write `${{{` (Tempura would read a tag).
    itemUrl: `${base}${collection}/\${${intent.names.variable}.id}`,
    // A unique key: each test starts from an empty table (the tests store the same samples),
    // and the create test sends a value twice.
    uniqueKeys: properties
      .filter(([, definition]) => definition.unique)
      .map(([field]) => ({ field, code: `${intent.names.pascal}.${pascalCase(field)}Taken` })),
    // A list's filters, each sent with a value that matches the stored sample and one that does
    // not, and its order, checked on the first field with a range.
    listed: listedFields(intent.entity).filter((field) => field.other !== undefined),
    sortedBy: sortedBy(intent.entity),
    // A partial update changes one property to another value, clears an optional one, and
    // refuses to clear a required one.
    patched: listedFields(intent.entity).find((field) => field.other !== undefined),
    // An update sends another value for every property, so that one not stored is seen.
    changes: [
      ...properties.flatMap(([field, definition]) => {
        const other = otherSample(definition)
        return other ? [{ field, ...other }] : []
      }),
      ...parts.flatMap((part) => {
        const other = partSamples(part).other
        return other ? [{ field: part.field, ...other }] : []
      }),
    ],
    cleared: properties.find(([, definition]) => definition.optional)?.[0],
    kept: properties.find(([, definition]) => !definition.optional)?.[0],
    sorted: sortedFields(intent.entity),
    // The rows its samples refer to: stored before each test into emptied tables (and the
    // entity's own table, which refers to them, emptied with them).
    referenced,
    // Each of their rows, in the order they are stored.
    referencedRows: referenced.flatMap((entity) =>
      entity.rows.map((row) => ({ names: entity.names, ...row }))
    ),
    // Each reference: a create or update naming a row that does not exist answers 400.
    references: properties
      .filter(([, definition]) => definition.type === 'reference')
      .map(([field, definition]) => ({
        field,
        entity: definition.entity!,
        code: `${intent.names.pascal}.${pascalCase(field).replace(/Id$/, '')}NotFound`,
      })),
    tableConstant: `${intent.names.pluralSnake.toUpperCase()}_TABLE`,
    tableImport: `../../infrastructure/persistence/lucid_${intent.names.snake}_repository.js`,
  }
}

/**
 * The field the starter test sorts a list by (the first with a range), and the values its second
 * item takes: lower on that field, and other on each unique key, which the first item holds.
 * None when a unique key has no other value to take (an enum of one value).
 */
function sortedBy(entity: EntityDefinition) {
  const listed = listedFields(entity)
  const field = listed.find((candidate) => candidate.ranged)
  if (!field) return undefined
  const changes = new Map([[field.field, field.other!.entity]])
  for (const [name, property] of Object.entries(entity.properties)) {
    if (!property.unique || changes.has(name)) continue
    const other = listed.find((candidate) => candidate.field === name)?.other
    if (!other) return undefined
    changes.set(name, other.entity)
  }
  return {
    field: field.field,
    changes: [...changes].map(([name, value]) => `${name}: ${value}`).join(', '),
  }
}
