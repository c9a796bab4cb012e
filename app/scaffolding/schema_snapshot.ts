import { existsSync, globSync, statSync } from 'node:fs'
import { readFile } from 'node:fs/promises'
import { pathToFileURL } from 'node:url'
import { basename, join } from 'node:path'
import type {
  EntityDefinition,
  PropertyDefinition,
} from '../building_blocks/domain/entity_definition.js'
import { assertPropertyCount } from './definition_limits.js'
import { entityNames } from './entity_names.js'
import { assertUniqueKeyType } from './property_syntax.js'
import { pascalCase, snakeCase } from './names.js'
import { registerParts } from './aggregate_parts.js'
import { houseJson } from './house_json.js'
import { assertReferences } from './references.js'
import { ScaffoldError } from './scaffold_error.js'

/**
 * A column as the entity definition described it: type, options and nullability; a reference's
 * column also names the table its foreign key refers to.
 */
export type ColumnSnapshot = PropertyDefinition & { readonly references?: string }

export interface TableSnapshot {
  entity: string
  /**
   * The table has the `version` column every generated entity is stored with (optimistic
   * concurrency). Absent in snapshots written before entities had versions.
   */
  versioned?: boolean
  /**
   * The table of a part of an aggregate: the aggregate's table and the column holding its id.
   * Its rows are keyed by that id and their position, and go with the aggregate's row.
   */
  partOf?: { table: string; column: string }
  columns: Record<string, ColumnSnapshot>
}

/** What the module's migrations have created so far, as add-migration recorded it. */
export interface SchemaSnapshot {
  tables: Record<string, TableSnapshot>
}

export function snapshotPath(moduleRoot: string): string {
  return join(moduleRoot, 'infrastructure', 'database', 'schema_snapshot.json')
}

export async function readSnapshot(moduleRoot: string): Promise<SchemaSnapshot> {
  const path = snapshotPath(moduleRoot)
  if (!existsSync(path)) return { tables: {} }
  return JSON.parse(await readFile(path, 'utf8')) as SchemaSnapshot
}

export function tableName(moduleFolder: string, entity: string): string {
  return `${moduleFolder}_${entityNames(entity).pluralSnake}`
}

function isEntityDefinition(value: unknown): value is EntityDefinition {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as EntityDefinition).name === 'string' &&
    typeof (value as EntityDefinition).properties === 'object'
  )
}

/**
 * Every entity definition of a module (the exports of domain/*_definition.ts). A definition is
 * edited by hand, so each is held to MAX_PROPERTIES (and its unique keys to types an index can
 * use) here, the one place every command that reads definitions goes through (sync-entity,
 * add-migration, the CRUD use cases, add-event --from).
 */
export async function loadEntityDefinitions(moduleRoot: string): Promise<EntityDefinition[]> {
  const files = globSync('domain/*_definition.{ts,js}', { cwd: moduleRoot })
    .filter((file) => !file.endsWith('.d.ts'))
    .sort()
  // All at once: each import of a .ts file waits on the TypeScript loader's thread, and a module
  // with many entities paid those waits one after another.
  const namespaces = await Promise.all(
    files.map((file) => {
      const path = join(moduleRoot, file)
      // The modification time in the URL makes an edited definition load anew in a process that
      // imported it before (ESM caches modules by URL).
      const url = `${pathToFileURL(path).href}?mtime=${statSync(path).mtimeMs}`
      return import(url) as Promise<Record<string, unknown>>
    })
  )
  const definitions: EntityDefinition[] = []
  for (const [index, file] of files.entries()) {
    for (const definition of Object.values(namespaces[index]).filter(isEntityDefinition)) {
      const count = Object.keys(definition.properties).length
      assertPropertyCount(count, 'properties', `in ${file} (${definition.name})`)
      for (const [field, property] of Object.entries(definition.properties)) {
        if (property.unique) assertUniqueKeyType(property.type, `${field} in ${file}`)
        assertRenamedFrom(definition, field, property.renamedFrom, file)
      }
      definitions.push(definition)
    }
  }
  const module = { pascal: pascalCase(basename(moduleRoot)), root: moduleRoot }
  // What a reference may name: an entity of the module with a table of its own, not a part.
  const names = definitions
    .filter((definition) => definition.partOf === undefined)
    .map((definition) => definition.name)
  for (const definition of definitions) {
    const others = names.filter((name) => name !== definition.name)
    assertReferences(definition.name, definition.properties, module, others)
  }
  registerParts(definitions, module.pascal)
  return definitions
}

/** A rename noted in a definition names a field the entity no longer has. */
function assertRenamedFrom(
  definition: EntityDefinition,
  field: string,
  renamedFrom: string | undefined,
  file: string
) {
  if (renamedFrom === undefined) return
  if (!/^[a-z][A-Za-z0-9]*$/.test(renamedFrom) || renamedFrom in definition.properties) {
    throw new ScaffoldError(
      `${field} in ${file} notes renamedFrom: '${renamedFrom}', which is not the name of a property ${definition.name} no longer has`,
      `Write the property's former name in camelCase, as the definition held it: renamedFrom: 'name'`
    )
  }
}

/**
 * The renames the definitions note (`renamedFrom`), as add-migration's `--rename` values
 * (`Product.Name:Title`).
 */
export function notedRenames(definitions: EntityDefinition[]): string[] {
  return definitions.flatMap((definition) =>
    Object.entries(definition.properties)
      .filter(([, property]) => property.renamedFrom !== undefined)
      .map(
        ([field, property]) =>
          `${definition.name}.${pascalCase(property.renamedFrom!)}:${pascalCase(field)}`
      )
  )
}

/** The schema the module's entity definitions describe today. */
export async function schemaFromDefinitions(
  moduleRoot: string,
  moduleFolder: string
): Promise<SchemaSnapshot> {
  const tables: Record<string, TableSnapshot> = {}
  for (const definition of await loadEntityDefinitions(moduleRoot)) {
    const partOf =
      definition.partOf === undefined
        ? undefined
        : {
            table: tableName(moduleFolder, definition.partOf),
            column: `${snakeCase(definition.partOf)}_id`,
          }
    tables[tableName(moduleFolder, definition.name)] = {
      entity: definition.name,
      ...(partOf ? { partOf } : { versioned: true }),
      columns: Object.fromEntries(
        Object.entries(definition.properties).map(
          ([field, { renamedFrom: _renamedFrom, ...column }]: [string, PropertyDefinition]) => [
            snakeCase(field),
            column.type === 'reference'
              ? { ...column, references: tableName(moduleFolder, column.entity!) }
              : column,
          ]
        )
      ),
    }
  }
  return { tables }
}

/** The tables other tables of the snapshots refer to: referenced entities, aggregates with parts. */
export function referredTables(...snapshots: SchemaSnapshot[]): Set<string> {
  const referred = new Set<string>()
  for (const snapshot of snapshots) {
    for (const table of Object.values(snapshot.tables)) {
      if (table.partOf) referred.add(table.partOf.table)
      for (const column of Object.values(table.columns)) {
        if (column.references) referred.add(column.references)
      }
    }
  }
  return referred
}

/** The snapshot as prettier writes it (house_json.ts), so that it needs no formatting. */
export function serializeSnapshot(snapshot: SchemaSnapshot): string {
  return houseJson(snapshot) ?? `${JSON.stringify(snapshot, null, 2)}\n`
}
