import { columnBuilder } from './property_syntax.js'
import { columnLine, existingRowsDefault, typeText } from './column_lines.js'
import { SQL_IDENTIFIER_LIMIT } from './names.js'
import type { SchemaStep } from './schema_diff.js'
import type { ColumnSnapshot } from './schema_snapshot.js'

/**
 * Whether a column change needs the column rebuilt rather than altered: a change into, out of or
 * between enums. An enum's values live in a CHECK that knex's `.alter()` leaves as it was (both
 * databases then refuse the new values), and knex cannot alter a PostgreSQL column into an enum.
 */
export function needsRebuild(from: ColumnSnapshot, to: ColumnSnapshot): boolean {
  return (from.type === 'enum' || to.type === 'enum') && typeText(from) !== typeText(to)
}

/**
 * A name for the column that stands in while `name` is rebuilt, taken by no other column. The
 * name is shortened to keep the suffix within the 63 characters PostgreSQL keeps: cut there, the
 * stand-in of a 63-character column would be the column itself.
 */
function standInName(name: string, taken: Set<string>): string {
  const named = (suffix: string) =>
    `${name.slice(0, SQL_IDENTIFIER_LIMIT - suffix.length)}${suffix}`
  let candidate = named('_retyped')
  for (let suffix = 2; taken.has(candidate); suffix++) candidate = named(`_retyped${suffix}`)
  return candidate
}

/**
 * The steps that rebuild column `name` of `table` from `from` to `to`: a stand-in column takes a
 * copy of every value (the database converts each one and refuses the migration on one the new
 * type cannot hold, such as a value outside the new enum), the old column is dropped and the
 * stand-in takes its name. A column leaving an enum is rebuilt as text, then altered to its type
 * as any other column. Rows holding NULL in a column that becomes required get its default.
 */
export function rebuildSteps(
  table: string,
  name: string,
  from: ColumnSnapshot,
  to: ColumnSnapshot,
  taken: Set<string>
): SchemaStep[] {
  const standIn = standInName(name, taken)
  const staging: ColumnSnapshot = to.type === 'enum' ? to : { type: 'text', optional: true }
  const steps: SchemaStep[] = [
    {
      call: 'alterTable',
      table,
      lines: [
        `// ${name} changes from ${typeText(from)} to ${typeText(to)}: an enum's CHECK cannot be altered in place, so a new column takes a copy of the values and the old one's place.`,
        `${columnBuilder(standIn, staging)}.nullable()`,
      ],
    },
    { call: 'copyColumn', table, from: name, to: standIn },
    { call: 'alterTable', table, lines: [`table.dropColumn('${name}')`] },
    { call: 'alterTable', table, lines: [`table.renameColumn('${standIn}', '${name}')`] },
  ]
  if (from.optional && !to.optional) {
    steps.push({ call: 'fillNulls', table, column: name, fill: existingRowsDefault(to) })
  }
  const settled = to.type === 'enum' || (to.type === 'text' && to.optional)
  if (!settled || !to.optional) {
    steps.push({ call: 'alterTable', table, lines: [columnLine(name, to, { alter: true })] })
  }
  return steps
}
