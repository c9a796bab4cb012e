import type { SchemaStep } from './schema_diff.js'
import type { SchemaSnapshot } from './schema_snapshot.js'
import { ScaffoldError } from './scaffold_error.js'
import { snakeCase } from './names.js'
import { uniqueIndexName, uniqueLine } from './unique_keys.js'

/** A column that keeps its values under a new name: `--rename Product.Name:Title`. */
export interface ColumnRename {
  table: string
  from: string
  to: string
}

const RENAME = /^(?:([A-Z][A-Za-z0-9]*)\.)?([A-Z][A-Za-z0-9]*):([A-Z][A-Za-z0-9]*)$/

/** The tables where `from` leaves and `to` arrives between the snapshot and the definitions. */
function tablesRenaming(before: SchemaSnapshot, after: SchemaSnapshot, from: string, to: string) {
  return Object.keys(after.tables).filter((table) => {
    const old = before.tables[table]?.columns
    const next = after.tables[table].columns
    return old !== undefined && from in old && !(from in next) && to in next && !(to in old)
  })
}

/**
 * Reads add-migration's `--rename` values against the snapshot (`before`) and the entity
 * definitions (`after`): `Product.Name:Title`, or `Name:Title` when one table only loses `name`
 * and gains `title`. Refuses one that names no such change, saying what the tables hold.
 */
export function readRenames(
  values: string[],
  before: SchemaSnapshot,
  after: SchemaSnapshot
): ColumnRename[] {
  const renames: ColumnRename[] = []
  for (const value of values) {
    const match = RENAME.exec(value.trim())
    if (!match) {
      throw new ScaffoldError(
        `--rename ${value} is not a rename`,
        'Write the entity, the property and its new name in PascalCase: --rename Product.Name:Title'
      )
    }
    const [, entity, fromName, toName] = match
    const [from, to] = [snakeCase(fromName), snakeCase(toName)]
    const candidates = tablesRenaming(before, after, from, to).filter(
      (table) => entity === undefined || after.tables[table].entity === entity
    )
    if (candidates.length === 0) {
      throw new ScaffoldError(
        `--rename ${value}: no table of the module loses the column ${from} and gains ${to}`,
        `Rename the property in the entity's definition first (${fromName} to ${toName}); the last migration's tables are in the schema snapshot`
      )
    }
    if (candidates.length > 1) {
      const entities = candidates.map((table) => after.tables[table].entity)
      throw new ScaffoldError(
        `--rename ${value}: ${entities.join(' and ')} both lose ${from} and gain ${to}`,
        `Name the entity: --rename ${entities[0]}.${fromName}:${toName}`
      )
    }
    const table = candidates[0]
    if (renames.some((rename) => rename.table === table && rename.from === from)) {
      throw new ScaffoldError(`--rename ${value} is given twice`)
    }
    renames.push({ table, from, to })
  }
  return renames
}

/**
 * The renames the definitions note (`renamedFrom`, as `Product.Name:Title`) that the snapshot
 * has not seen yet: a rename migrated already (its new column in the snapshot) or of a table
 * still to be created is left out. One naming a column the table never had is refused, since
 * the column would otherwise be dropped with its values.
 */
export function pendingNotedRenames(
  values: string[],
  before: SchemaSnapshot,
  after: SchemaSnapshot
): string[] {
  return values.filter((value) => {
    const [, entity, fromName, toName] = RENAME.exec(value)!
    const table = Object.keys(after.tables).find((name) => after.tables[name].entity === entity)
    const old = table === undefined ? undefined : before.tables[table]?.columns
    const [from, to] = [snakeCase(fromName), snakeCase(toName)]
    if (old === undefined || to in old) return false
    if (from in old) return true
    throw new ScaffoldError(
      `${entity}'s definition notes that ${toName} was renamed from ${fromName}, but its table ${table} has no column ${from}`,
      `Correct renamedFrom to the property's former name (the columns of the last migration are in the schema snapshot: ${Object.keys(old).join(', ')})`
    )
  })
}

/**
 * The step that renames a column and, when it is a unique key, its index, whose name says the
 * column (`<table>_<column>_unique`), so that the repository still tells which key was taken.
 */
export function renameStep(rename: ColumnRename, unique: boolean): SchemaStep {
  const { table, from, to } = rename
  return {
    call: 'alterTable',
    table,
    lines: [
      `table.renameColumn('${from}', '${to}')`,
      ...(unique && uniqueIndexName(table, from) !== uniqueIndexName(table, to)
        ? [`table.dropUnique(['${to}'], '${uniqueIndexName(table, from)}')`, uniqueLine(table, to)]
        : []),
    ],
  }
}

/** `before` with the renamed columns under their new names, for the rest of the comparison. */
export function renamedSnapshot(before: SchemaSnapshot, renames: ColumnRename[]): SchemaSnapshot {
  const renamed: SchemaSnapshot = structuredClone(before)
  for (const { table, from, to } of renames) {
    const columns = renamed.tables[table].columns
    renamed.tables[table].columns = Object.fromEntries(
      Object.entries(columns).map(([name, column]) => [name === from ? to : name, column])
    )
  }
  return renamed
}
