import { readFile } from 'node:fs/promises'
import { SourceSyntax } from './source_syntax.js'

/*
 * Which tables a module's migrations leave behind, read from their up() methods (ts-morph):
 * `this.schema.createTable('x', …)` (or `this.tableName`, set to 'x') creates x, `dropTable('x')`
 * and `dropTableIfExists('x')` drop it. remove-module drops those its schema snapshot does not
 * record (a read model's table, one written by hand) too: with the statement that created them,
 * for down() to create them again, when no other migration changed them since.
 */

const CREATES = new Set(['createTable', 'createTableIfNotExists'])
const DROPS = new Set(['dropTable', 'dropTableIfExists'])
/** Schema builder calls that change a table after it was created. */
const CHANGES = new Set(['alterTable', 'table'])
/** The only receiver whose statement reads the same in another migration class. */
const SCHEMA = 'this.schema'

/** A table the migrations leave, and the statement that created it while it is still its shape. */
export interface TableLeft {
  table: string
  /** `this.schema.createTable('x', (table) => { … })`, or undefined once another migration changed x. */
  creation?: string
}

/** The tables the migrations create and do not drop again, in the order of the files given. */
export async function tablesLeftBy(files: string[]): Promise<TableLeft[]> {
  const tsMorph = await import('ts-morph')
  const { Node, SyntaxKind } = tsMorph
  const syntax = new SourceSyntax(tsMorph)
  const tables = new Map<string, string | undefined>()
  for (const file of files) {
    const migration = syntax.parse(await readFile(file, 'utf8'), file).getClasses()[0]
    const up = migration?.getMethod('up')
    for (const call of up?.getDescendantsOfKind(SyntaxKind.CallExpression) ?? []) {
      const callee = call.getExpression()
      if (!Node.isPropertyAccessExpression(callee)) continue
      // A literal, or `this.tableName` set to one in the class.
      const [argument, ...rest] = call.getArguments()
      const property =
        Node.isPropertyAccessExpression(argument) && argument.getExpression().getText() === 'this'
          ? migration?.getProperty(argument.getName())?.getInitializer()
          : undefined
      const table = syntax.stringValue(property ?? argument)
      if (table === undefined) continue
      const name = callee.getName()
      if (CREATES.has(name)) {
        const builder = rest.map((node) => node.getText()).join(', ')
        // Replayed elsewhere only when it reads nothing of its class (`this.tableName` in an
        // index name, another member) and no other schema (`withSchema('x')`).
        const replayable = callee.getExpression().getText() === SCHEMA && !/\bthis\b/.test(builder)
        tables.set(
          table,
          replayable
            ? `${SCHEMA}.createTable('${table}'${builder ? `, ${builder}` : ''})`
            : undefined
        )
      }
      if (DROPS.has(name)) tables.delete(table)
      if (CHANGES.has(name) && tables.has(table)) tables.set(table, undefined)
      if (name === 'renameTable' && tables.has(table)) {
        // Left under its new name, changed since its creation.
        const renamed = syntax.stringValue(rest[0])
        tables.delete(table)
        if (renamed !== undefined) tables.set(renamed, undefined)
      }
    }
  }
  return [...tables].map(([table, creation]) => (creation ? { table, creation } : { table }))
}
