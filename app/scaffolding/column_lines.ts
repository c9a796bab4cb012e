import type { PropertyType } from '../building_blocks/domain/entity_definition.js'
import { columnBuilder, formatProperty } from './property_syntax.js'
import { ScaffoldError } from './scaffold_error.js'
import type { ColumnSnapshot } from './schema_snapshot.js'

/**
 * The value a required column gives the rows that exist when it is added or made required:
 * the zero of its type, written as a TypeScript literal of the migration.
 */
const EXISTING_ROWS_DEFAULT: Record<Exclude<PropertyType, 'enum' | 'reference'>, string> = {
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

/**
 * The zero of a column's type; an enum's first value. A reference has none: no id is sure to
 * name a stored row, so a required reference is never added to rows that exist.
 */
export function existingRowsDefault(column: ColumnSnapshot): string {
  if (column.type === 'reference') {
    throw new ScaffoldError(
      `A required reference to ${column.entity} cannot be given to rows that exist: no value names a ${column.entity} for each of them`,
      `Add it optional (references(${column.entity})?), give each row its ${column.entity} in a migration of your own, then make it required`
    )
  }
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
  // A required reference given back to rows (a down() putting back a dropped column) has no
  // value to fill them with: it comes back optional.
  const unfillable = options.existingRows === true && column.type === 'reference'
  const nullability = column.optional || unfillable ? '.nullable()' : '.notNullable()'
  // SQLite adds a NOT NULL column only with a default, and PostgreSQL only with one once the
  // table has rows: the default fills the existing rows and stays, so the column stays required.
  const fill =
    options.existingRows && !column.optional && !unfillable
      ? `.defaultTo(${existingRowsDefault(column)})`
      : ''
  // A foreign key to the referenced row's id; a removal of that row is refused while this one
  // refers to it (the database's default, NO ACTION).
  const foreignKey =
    column.references && !options.alter ? `.references('id').inTable('${column.references}')` : ''
  return `${columnBuilder(name, column)}${nullability}${fill}${foreignKey}${options.alter ? alterCall(column) : ''}`
}

/**
 * The call that alters a column in place. An enum is altered only in its nullability and
 * default: knex writes its CHECK into the type, which PostgreSQL cannot alter to; a change of
 * its values rebuilds the column (column_rebuild.ts).
 */
function alterCall(column: ColumnSnapshot): string {
  return column.type === 'enum' ? '.alter({ alterType: false })' : '.alter()'
}
