import { globSync } from 'node:fs'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'

/**
 * Files of a module matched by a glob relative to the module folder. Matches `.ts` sources
 * (development, tests) and compiled `.js` (the production build), never `.d.ts`.
 */
export function findModuleFiles(moduleRoot: string, pattern: string): string[] {
  return globSync(`${pattern}.{ts,js}`, { cwd: moduleRoot })
    .filter((file) => !file.endsWith('.d.ts'))
    .sort()
    .map((file) => join(moduleRoot, file))
}

/** Imports a discovered file and returns its module namespace. */
export function importFile(path: string): Promise<Record<string, unknown>> {
  return import(pathToFileURL(path).href)
}

/** The default export of a discovered file, or a boot error naming the file. */
export async function importDefault(path: string): Promise<unknown> {
  const namespace = await importFile(path)
  if (namespace.default === undefined) {
    throw new Error(`${path} must have a default export`)
  }
  return namespace.default
}
