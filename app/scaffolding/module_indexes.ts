import { existsSync, globSync } from 'node:fs'
import { readFile, writeFile } from 'node:fs/promises'
import { dirname, join, relative } from 'node:path'
import { prettierFormatter, type Formatter } from './format_files.js'
import { moduleIndexPath, renderModuleIndex } from './module_index_source.js'

/** Every module of the app (a folder of modules/ with a registration class). */
function moduleRoots(appRoot: string): string[] {
  return globSync('modules/*/infrastructure/*_module.ts', { cwd: appRoot })
    .map((file) => join(appRoot, dirname(dirname(file))))
    .sort()
}

/** A module's index as the scaffolding commands write it: rendered, then formatted. */
async function expectedIndex(moduleRoot: string, format: Formatter | undefined): Promise<string> {
  const source = renderModuleIndex(moduleRoot)
  return format ? format(moduleIndexPath(moduleRoot), source, true) : source
}

/** Each module whose index does not match its files, with the index it should have. */
async function outdatedIndexes(appRoot: string): Promise<Map<string, string>> {
  const format = await prettierFormatter(appRoot)
  const outdated = new Map<string, string>()
  for (const moduleRoot of moduleRoots(appRoot)) {
    const path = moduleIndexPath(moduleRoot)
    const current = existsSync(path) ? await readFile(path, 'utf8') : undefined
    const expected = await expectedIndex(moduleRoot, format)
    if (current !== expected) outdated.set(path, expected)
  }
  return outdated
}

/** The modules whose index does not match their files, as paths relative to the app. */
export async function staleModuleIndexes(appRoot: string): Promise<string[]> {
  const outdated = await outdatedIndexes(appRoot)
  return [...outdated.keys()].map((path) => relative(appRoot, path))
}

/** Brings every module's index up to date; returns the files it rewrote. */
export async function writeModuleIndexes(appRoot: string): Promise<string[]> {
  const outdated = await outdatedIndexes(appRoot)
  for (const [path, contents] of outdated) await writeFile(path, contents)
  return [...outdated.keys()].map((path) => relative(appRoot, path))
}
