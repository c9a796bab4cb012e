import { readFile } from 'node:fs/promises'
import { SourceSyntax } from './source_syntax.js'

/*
 * Which tables a module's migrations leave behind, read from their up() methods (ts-morph):
 * `this.schema.createTable('x', …)` (or `this.tableName`, set to 'x') creates x, `dropTable('x')`
 * and `dropTableIfExists('x')` drop it. remove-module names those its schema snapshot does not record (a read model's table,
 * one written by hand), which it cannot drop for want of their columns.
 */

const DROPS = new Set(['dropTable', 'dropTableIfExists'])

/** The tables the migrations create and do not drop again, in the order of the files given. */
export async function tablesLeftBy(files: string[]): Promise<string[]> {
  const tsMorph = await import('ts-morph')
  const { Node, SyntaxKind } = tsMorph
  const syntax = new SourceSyntax(tsMorph)
  const tables = new Set<string>()
  for (const file of files) {
    const migration = syntax.parse(await readFile(file, 'utf8'), file).getClasses()[0]
    const up = migration?.getMethod('up')
    for (const call of up?.getDescendantsOfKind(SyntaxKind.CallExpression) ?? []) {
      const callee = call.getExpression()
      if (!Node.isPropertyAccessExpression(callee)) continue
      // A literal, or `this.tableName` set to one in the class.
      const argument = call.getArguments()[0]
      const property =
        Node.isPropertyAccessExpression(argument) && argument.getExpression().getText() === 'this'
          ? migration?.getProperty(argument.getName())?.getInitializer()
          : undefined
      const table = syntax.stringValue(property ?? argument)
      if (table === undefined) continue
      if (callee.getName() === 'createTable') tables.add(table)
      if (DROPS.has(callee.getName())) tables.delete(table)
    }
  }
  return [...tables]
}
