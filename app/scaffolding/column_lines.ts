import type { PropertyType } from '../building_blocks/domain/entity_definition.js'
import { columnBuilder, formatProperty } from './property_syntax.js'
import type { ColumnSnapshot } from './schema_snapshot.js'

/**
 * The value a required column gives the rows that exist when it is added or made required:
 * the zero of its type, written as a TypeScript literal of the migration.
 */
const EXISTING_ROWS_DEFAULT: Record<Exclude<PropertyType, 'enum'>, string> = {
  string: `''`,
  text: `''`,
  int: '0',
  decimal: '0',
  number: '0',
  boolean: 'false',
  date: `'1970-01-01'`,
  datetime: `'1970-01-01T00:00:00.000Z'`,
  uuid: `'00000000-0000-0000-0000-000000000000'`,
  json: `'{}'`,
}

/** The zero of a column's type; an enum's first value. */
export function existingRowsDefault(column: ColumnSnapshot): string {
  return column.type === 'enum' ? `'${column.values?.[0]}'` : EXISTING_ROWS_DEFAULT[column.type]
}

/**
 * The column's type as --properties writes it: string(80), decimal(10,2), enum(draft,live);
 * without its unique key, which is an index of its own (unique_keys.ts).
 */
export function typeText(column: ColumnSnapshot): string {
  return formatProperty('', { ...column, optional: false, unique: false }).slice(1)
}

/** Whether two snapshots describe the same column: type, options and nullability. */
export function sameColumn(a: ColumnSnapshot, b: ColumnSnapshot): boolean {
  return typeText(a) === typeText(b) && a.optional === b.optional
}

/** A column's schema-builder line: its builder, nullability and, for existing rows, a default. */
export function columnLine(
  name: string,
  column: ColumnSnapshot,
  options: { alter?: boolean; existingRows?: boolean } = {}
): string {
  const nullability = column.optional ? '.nullable()' : '.notNullable()'
  // SQLite adds a NOT NULL column only with a default, and PostgreSQL only with one once the
  // table has rows: the default fills the existing rows and stays, so the column stays required.
  const fill =
    options.existingRows && !column.optional ? `.defaultTo(${existingRowsDefault(column)})` : ''
  return `${columnBuilder(name, column)}${nullability}${fill}${options.alter ? alterCall(column) : ''}`
}

/**
 * The call that alters a column in place. An enum is altered only in its nullability and
 * default: knex writes its CHECK into the type, which PostgreSQL cannot alter to; a change of
 * its values rebuilds the column (column_rebuild.ts).
 */
function alterCall(column: ColumnSnapshot): string {
  return column.type === 'enum' ? '.alter({ alterType: false })' : '.alter()'
}
