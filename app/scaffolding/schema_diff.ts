import { columnLine, existingRowsDefault, sameColumn, typeText } from './column_lines.js'
import { needsRebuild, rebuildSteps } from './column_rebuild.js'
import { type ColumnRename, renamedSnapshot, renameStep } from './column_renames.js'
import type { ColumnSnapshot, SchemaSnapshot, TableSnapshot } from './schema_snapshot.js'
import { pascalCase } from './names.js'
import { dropUniqueLine, referenceIndexLine, uniqueLine } from './unique_keys.js'

/**
 * One call of a migration: a schema-builder call (createTable with its column lines, …),
 * `fillNulls`, which gives the rows holding NULL in a column the value of `fill` before the
 * column becomes required, or `copyColumn`, which copies every row's value of one column into
 * another.
 */
export type SchemaStep =
  | { call: 'createTable' | 'dropTable' | 'alterTable'; table: string; lines: string[] }
  | { call: 'fillNulls'; table: string; column: string; fill: string }
  | { call: 'copyColumn'; table: string; from: string; to: string }

export interface SchemaChanges {
  up: SchemaStep[]
  down: SchemaStep[]
  /** What the migration does to existing rows, one sentence a column, for the command's output. */
  notes: string[]
}

/** The version of each row: 1 when stored, one more at each save (see saveVersioned). */
const VERSION_COLUMN = `table.integer('version').notNullable().defaultTo(1)`

/**
 * A part's table has no id of its own: its rows are the aggregate's id and their position in
 * its list, and are removed with the aggregate's row.
 */
function partKeyLines(partOf: NonNullable<TableSnapshot['partOf']>): string[] {
  return [
    `table.uuid('${partOf.column}').notNullable().references('id').inTable('${partOf.table}').onDelete('CASCADE')`,
    `table.integer('position').notNullable()`,
  ]
}

function createTable(table: string, snapshot: TableSnapshot): SchemaStep {
  return {
    call: 'createTable',
    table,
    lines: [
      ...(snapshot.partOf ? partKeyLines(snapshot.partOf) : [`table.uuid('id').primary()`]),
      ...(snapshot.versioned ? [VERSION_COLUMN] : []),
      ...Object.entries(snapshot.columns).map(([name, column]) => columnLine(name, column)),
      ...Object.entries(snapshot.columns)
        .filter(([, column]) => column.unique)
        .map(([name]) => uniqueLine(table, name)),
      ...Object.entries(snapshot.columns)
        .filter(([, column]) => column.references && !column.unique)
        .map(([name]) => referenceIndexLine(table, name)),
      ...(snapshot.partOf ? [`table.primary(['${snapshot.partOf.column}', 'position'])`] : []),
    ],
  }
}

/**
 * The migration that takes the database from `before` (the snapshot) to `after` (the entity
 * definitions): new tables, dropped tables, added, dropped and changed columns, and unique
 * indexes added and dropped, each with the step that undoes it. A unique index goes after the
 * columns; dropping a column drops its index with it (both databases), so a rebuilt column gets
 * its index again. A column in `renames` is renamed first (its values kept), then compared
 * under its new name; its `down()` renames it back last.
 */
export function diffSchemas(
  original: SchemaSnapshot,
  after: SchemaSnapshot,
  renames: ColumnRename[] = []
): SchemaChanges {
  const up: SchemaStep[] = []
  const down: SchemaStep[] = []
  const notes: string[] = []
  for (const rename of renames) {
    const unique = original.tables[rename.table].columns[rename.from].unique === true
    up.push(renameStep(rename, unique))
    down.unshift(renameStep({ ...rename, from: rename.to, to: rename.from }, unique))
    notes.push(`${rename.table}.${rename.from} is renamed ${rename.to}: its values are kept`)
  }
  const renamesDown = down.splice(0)
  const before = renamedSnapshot(original, renames)
  for (const [table, next] of referencedFirst(after.tables)) {
    const previous = before.tables[table]
    if (!previous) {
      up.push(createTable(table, next))
      down.unshift({ call: 'dropTable', table, lines: [] })
      continue
    }
    const upLines: string[] = []
    const downLines: string[] = []
    const fills: SchemaStep[] = []
    const rebuildsUp: SchemaStep[] = []
    const rebuildsDown: SchemaStep[] = []
    const indexUp: string[] = []
    const indexDown: string[] = []
    const taken = new Set([...Object.keys(previous.columns), ...Object.keys(next.columns)])
    if (next.versioned && !previous.versioned) {
      upLines.push(VERSION_COLUMN)
      downLines.push(`table.dropColumn('version')`)
      notes.push(
        `${table} gets a version column, so a change made from an older version is refused: existing rows start at version 1`
      )
    }
    for (const [name, column] of Object.entries(next.columns)) {
      const old = previous.columns[name]
      // A required reference has no value for the rows that exist: refused (existingRowsDefault).
      const givenToRows = !column.optional && (!old || old.optional)
      const fill = column.type === 'reference' && !givenToRows ? '' : existingRowsDefault(column)
      if (old && needsRebuild(old, column)) {
        rebuildsUp.push(
          ...rebuildSteps(table, name, old, column, taken),
          ...indexAgain(table, name, column)
        )
        rebuildsDown.unshift(
          ...rebuildSteps(table, name, column, old, taken),
          ...indexAgain(table, name, old)
        )
        notes.push(
          `${table}.${name} changes from ${typeText(old)} to ${typeText(column)}: a new column takes a copy of the values and the old one's place, and the migration fails on a value the new type refuses`
        )
        if (old.optional && !column.optional) {
          notes.push(
            `${table}.${name} is required: existing rows that hold no value get ${fill}; change it in the migration if another value is right`
          )
        }
        continue
      }
      if (!old) {
        upLines.push(
          ...requiredNote(name, column),
          columnLine(name, column, { existingRows: true })
        )
        downLines.push(`table.dropColumn('${name}')`)
        if (!column.optional) notes.push(existingRowsNote(table, name, fill))
        if (column.unique) {
          indexUp.push(uniqueLine(table, name))
          notes.push(uniqueNote(table, name, column.optional ? undefined : fill))
        } else if (column.references) {
          indexUp.push(referenceIndexLine(table, name))
        }
        continue
      }
      if (!old.unique && column.unique) {
        indexUp.push(uniqueLine(table, name))
        indexDown.push(dropUniqueLine(table, name))
        notes.push(uniqueNote(table, name))
      } else if (old.unique && !column.unique) {
        indexUp.push(dropUniqueLine(table, name))
        indexDown.push(uniqueLine(table, name))
      }
      if (!sameColumn(old, column)) {
        const becomesRequired = old.optional && !column.optional
        if (becomesRequired) {
          fills.push({ call: 'fillNulls', table, column: name, fill })
          notes.push(existingRowsNote(table, name, fill, 'that hold no value'))
        }
        if (typeText(old) !== typeText(column)) {
          upLines.push(
            `// ${name} changes from ${typeText(old)} to ${typeText(column)}: existing values are converted; PostgreSQL refuses one it cannot convert.`
          )
          notes.push(
            `${table}.${name} changes from ${typeText(old)} to ${typeText(column)}: existing values are converted, and PostgreSQL refuses the migration on a value it cannot convert`
          )
        }
        upLines.push(
          ...(becomesRequired ? requiredNote(name, column, true) : []),
          columnLine(name, column, { alter: true, existingRows: becomesRequired })
        )
        downLines.push(columnLine(name, old, { alter: true }))
      }
    }
    for (const [name, column] of Object.entries(previous.columns)) {
      if (!next.columns[name]) {
        upLines.push(`table.dropColumn('${name}')`)
        downLines.push(columnLine(name, column, { existingRows: true }))
        if (column.unique) indexDown.push(uniqueLine(table, name))
      }
    }
    upLines.push(...indexUp)
    downLines.push(...indexDown)
    if (upLines.length > 0) {
      up.push(...fills, { call: 'alterTable', table, lines: upLines })
      down.unshift({ call: 'alterTable', table, lines: downLines })
    }
    up.push(...rebuildsUp)
    down.unshift(...rebuildsDown)
  }
  for (const [table, previous] of referencedFirst(before.tables).reverse()) {
    if (!after.tables[table]) {
      up.push({ call: 'dropTable', table, lines: [] })
      down.unshift(createTable(table, previous))
    }
  }
  notes.push(...likelyRenames(before, after))
  return { up, down: [...down, ...renamesDown], notes }
}

/**
 * The tables in an order that creates each after the tables its foreign keys refer to (and so
 * drops each before them, reversed); otherwise in the snapshot's order.
 */
function referencedFirst(tables: Record<string, TableSnapshot>): [string, TableSnapshot][] {
  const ordered: [string, TableSnapshot][] = []
  const placed = new Set<string>()
  const place = (table: string, seen: Set<string>) => {
    if (placed.has(table) || seen.has(table) || !tables[table]) return
    seen.add(table)
    for (const column of Object.values(tables[table].columns)) {
      if (column.references) place(column.references, seen)
    }
    if (tables[table].partOf) place(tables[table].partOf.table, seen)
    placed.add(table)
    ordered.push([table, tables[table]])
  }
  for (const table of Object.keys(tables)) place(table, new Set())
  return ordered
}

/**
 * A column dropped beside one added of the same type may be a rename, which as a drop loses
 * every value: the note says how to keep them.
 */
function likelyRenames(before: SchemaSnapshot, after: SchemaSnapshot): string[] {
  const notes: string[] = []
  for (const [table, next] of Object.entries(after.tables)) {
    const previous = before.tables[table]
    if (!previous) continue
    const added = Object.keys(next.columns).filter((name) => !previous.columns[name])
    for (const [name, column] of Object.entries(previous.columns)) {
      if (next.columns[name]) continue
      const twin = added.find((other) => typeText(next.columns[other]) === typeText(column))
      if (twin === undefined) continue
      notes.push(
        `${table}.${name} is dropped and ${twin} added: every value of ${name} is lost. If ${twin} is ${name} renamed, delete this migration, put the schema snapshot back as it was (git checkout) and run add-migration again with --rename ${next.entity}.${pascalCase(name)}:${pascalCase(twin)}`
      )
    }
  }
  return notes
}

/** The step that gives a rebuilt column its unique index again, if it has one. */
function indexAgain(table: string, name: string, column: ColumnSnapshot): SchemaStep[] {
  return column.unique ? [{ call: 'alterTable', table, lines: [uniqueLine(table, name)] }] : []
}

/** What a unique index added to a table that may hold rows asks of them. */
function uniqueNote(table: string, column: string, fill?: string): string {
  const shared = fill
    ? `every existing row gets ${fill}, so the migration fails on a table of two rows or more unless you give them distinct values first`
    : 'the migration fails if two existing rows hold the same value'
  return `${table}.${column} is a unique key: ${shared}`
}

/** The comment above a column that becomes required on a table that may have rows. */
function requiredNote(name: string, column: ColumnSnapshot, wasOptional = false): string[] {
  if (column.optional) return []
  const fill = existingRowsDefault(column)
  if (wasOptional) {
    return [
      `// ${name} becomes required: rows holding NULL get ${fill} (the update above) and it is the column's default; change both if another value is right.`,
    ]
  }
  return [
    `// ${name} is required: existing rows get ${fill} (the column's default); change it here if another value is right.`,
  ]
}

function existingRowsNote(table: string, column: string, fill: string, which = ''): string {
  const rows = which ? `existing rows ${which}` : 'existing rows'
  return `${table}.${column} is required: ${rows} get ${fill}; change the default in the migration if another value is right`
}
