import { ScaffoldError } from './scaffold_error.js'

/**
 * The most properties an entity may have (and an event payload, and a command's fields, which
 * are read the same way). Each property is a column of a table that holds only the generated
 * `id` besides, so the databases set the ceiling: PostgreSQL allows 1,600 columns and counts
 * dropped ones until the table is rewritten (every property dropped later, and every column an
 * enum change rebuilds, uses one up), and a row must fit in an 8 kB page, where each large value
 * moved out of line still leaves an 18-byte pointer (about 450 of them fill it); SQLite's default
 * SQLITE_MAX_COLUMN is 2,000. 200 leaves room for all of that and for years of changes, and the
 * generated files stay a size a reviewer can read (10,000 properties made 3 MB of code in 46 s).
 * An entity that needs more is several entities, or keeps a group of values in one json property.
 */
const MAX_PROPERTIES = 200

/**
 * The most values an enum may list, and the longest value. Each is written into the column's
 * CHECK, the TypeScript union, the validator and the API document; real lists (the 249 ISO
 * countries, the 180 currencies) fit with room to spare, and a longer one is data for a table.
 * 255 is the length of a default string column.
 */
export const MAX_ENUM_VALUES = 1000
export const MAX_ENUM_VALUE_LENGTH = 255

/**
 * Refuses more than MAX_PROPERTIES, before any is read: `what` is `properties` or `fields`,
 * `where` what they were given in ("in --properties", "in domain/product_definition.ts").
 */
export function assertPropertyCount(count: number, what: 'properties' | 'fields', where: string) {
  if (count <= MAX_PROPERTIES) return
  // A command's fields are no columns, but the same reading and the same bound apply.
  const why =
    what === 'properties'
      ? " (each is a column, and PostgreSQL's 1,600 columns of a table count the id and every column dropped later)"
      : ''
  throw new ScaffoldError(
    `${count} ${what} were given ${where}: at most ${MAX_PROPERTIES} are allowed${why}`,
    what === 'properties'
      ? 'Split it into several entities, or keep a group of values in one json property'
      : 'Group the values in one json field, or split the command'
  )
}
