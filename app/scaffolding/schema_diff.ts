import type { PropertyType } from '../building_blocks/domain/entity_definition.js'
import { DECIMAL_PRECISION, DECIMAL_SCALE } from './entity_properties.js'
import type { ColumnSnapshot, SchemaSnapshot, TableSnapshot } from './schema_snapshot.js'

const COLUMN_BUILDERS: Record<PropertyType, (column: string) => string> = {
  string: (c) => `table.string('${c}', 255)`,
  text: (c) => `table.text('${c}')`,
  int: (c) => `table.integer('${c}')`,
  decimal: (c) => `table.decimal('${c}', ${DECIMAL_PRECISION}, ${DECIMAL_SCALE})`,
  number: (c) => `table.double('${c}')`,
  boolean: (c) => `table.boolean('${c}')`,
  date: (c) => `table.date('${c}')`,
  datetime: (c) => `table.timestamp('${c}', { useTz: true })`,
  uuid: (c) => `table.uuid('${c}')`,
  json: (c) => `table.json('${c}')`,
}

function columnLine(name: string, column: ColumnSnapshot, alter = false): string {
  const nullability = column.optional ? '.nullable()' : '.notNullable()'
  return `${COLUMN_BUILDERS[column.type](name)}${nullability}${alter ? '.alter()' : ''}`
}

/** One schema-builder call of a migration, e.g. createTable with its column lines. */
export interface SchemaStep {
  call: 'createTable' | 'dropTable' | 'alterTable'
  table: string
  lines: string[]
}

export interface SchemaChanges {
  up: SchemaStep[]
  down: SchemaStep[]
}

function createTable(table: string, snapshot: TableSnapshot): SchemaStep {
  return {
    call: 'createTable',
    table,
    lines: [
      `table.uuid('id').primary()`,
      ...Object.entries(snapshot.columns).map(([name, column]) => columnLine(name, column)),
    ],
  }
}

/**
 * The migration that takes the database from `before` (the snapshot) to `after` (the entity
 * definitions): new tables, dropped tables, added, dropped and changed columns, each with the
 * step that undoes it.
 */
export function diffSchemas(before: SchemaSnapshot, after: SchemaSnapshot): SchemaChanges {
  const up: SchemaStep[] = []
  const down: SchemaStep[] = []
  for (const [table, next] of Object.entries(after.tables)) {
    const previous = before.tables[table]
    if (!previous) {
      up.push(createTable(table, next))
      down.unshift({ call: 'dropTable', table, lines: [] })
      continue
    }
    const upLines: string[] = []
    const downLines: string[] = []
    for (const [name, column] of Object.entries(next.columns)) {
      const old = previous.columns[name]
      if (!old) {
        upLines.push(columnLine(name, column))
        downLines.push(`table.dropColumn('${name}')`)
      } else if (old.type !== column.type || old.optional !== column.optional) {
        upLines.push(columnLine(name, column, true))
        downLines.push(columnLine(name, old, true))
      }
    }
    for (const [name, column] of Object.entries(previous.columns)) {
      if (!next.columns[name]) {
        upLines.push(`table.dropColumn('${name}')`)
        downLines.push(columnLine(name, column))
      }
    }
    if (upLines.length > 0) {
      up.push({ call: 'alterTable', table, lines: upLines })
      down.unshift({ call: 'alterTable', table, lines: downLines })
    }
  }
  for (const [table, previous] of Object.entries(before.tables)) {
    if (!after.tables[table]) {
      up.push({ call: 'dropTable', table, lines: [] })
      down.unshift(createTable(table, previous))
    }
  }
  return { up, down }
}
