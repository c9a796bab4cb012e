import { existsSync, globSync } from 'node:fs'
import { readFile, writeFile } from 'node:fs/promises'
import { dirname, join, relative } from 'node:path'
import { moduleIndexPath, renderModuleIndex } from './module_index_source.js'

/** Every module of the app (a folder of modules/ with a registration class). */
function moduleRoots(appRoot: string): string[] {
  return globSync('modules/*/infrastructure/*_module.ts', { cwd: appRoot })
    .map((file) => join(appRoot, dirname(dirname(file))))
    .sort()
}

/** The modules whose index does not match their files, as paths relative to the app. */
export async function staleModuleIndexes(appRoot: string): Promise<string[]> {
  const stale = []
  for (const moduleRoot of moduleRoots(appRoot)) {
    const path = moduleIndexPath(moduleRoot)
    const current = existsSync(path) ? await readFile(path, 'utf8') : undefined
    if (current !== renderModuleIndex(moduleRoot)) stale.push(relative(appRoot, path))
  }
  return stale
}

/** Brings every module's index up to date; returns the files it rewrote. */
export async function writeModuleIndexes(appRoot: string): Promise<string[]> {
  const written = await staleModuleIndexes(appRoot)
  for (const path of written) {
    await writeFile(join(appRoot, path), renderModuleIndex(dirname(dirname(join(appRoot, path)))))
  }
  return written
}
