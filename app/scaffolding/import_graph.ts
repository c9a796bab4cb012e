import { globSync } from 'node:fs'
import { readFile } from 'node:fs/promises'
import { dirname, join } from 'node:path'
import { inventoryReader } from './module_inventory_reader.js'

/*
 * Which of the app's files import which module files, read from their syntax trees (ts-morph):
 * what the remove-* commands ask before deleting a file ("does anything else use it?").
 */

/** The app's TypeScript sources that may import a module's files. */
const SOURCES = '{modules,app,start,tests,config,database,bin}/**/*.ts'

/** Each file (absolute) → the module files (absolute, `.ts`) it imports. */
export type ImportGraph = Map<string, string[]>

/**
 * The module file a specifier names, as a `.ts` path: `../domain/product.js` from a module file,
 * or `#modules/catalog/integration/product_created`. Undefined for a package or another alias.
 */
export function resolveModuleImport(
  appRoot: string,
  fromFile: string,
  specifier: string
): string | undefined {
  const path = specifier.startsWith('#modules/')
    ? join(appRoot, 'modules', specifier.slice('#modules/'.length))
    : specifier.startsWith('.')
      ? join(dirname(fromFile), specifier)
      : undefined
  if (path === undefined || !path.startsWith(join(appRoot, 'modules'))) return undefined
  return `${path.replace(/\.(?:js|ts)$/, '')}.ts`
}

/** Every source of the app with the module files it imports. */
export async function readImportGraph(appRoot: string): Promise<ImportGraph> {
  const reader = await inventoryReader()
  const graph: ImportGraph = new Map()
  const files = globSync(SOURCES, { cwd: appRoot, exclude: ['**/node_modules/**'] })
  for (const file of files.filter((name) => !name.endsWith('.d.ts')).sort()) {
    const path = join(appRoot, file)
    const imported = reader
      .specifiers(await readFile(path, 'utf8'), path)
      .flatMap((specifier) => resolveModuleImport(appRoot, path, specifier) ?? [])
    if (imported.length > 0) graph.set(path, imported)
  }
  return graph
}

/** The files that import at least one of `files`, with the first of them each imports. */
export function importersOf(graph: ImportGraph, files: ReadonlySet<string>): Map<string, string> {
  const importers = new Map<string, string>()
  for (const [file, imported] of graph) {
    const used = imported.find((path) => files.has(path))
    if (used !== undefined) importers.set(file, used)
  }
  return importers
}
