import { existsSync } from 'node:fs'
import { isAbsolute, join, relative, sep } from 'node:path'
import type { FilePlan } from './file_plan.js'
import { moduleIndexPath, renderModuleIndex } from './module_index_source.js'

/** The files of `paths` inside modules/, by module folder, relative to the module. */
function byModule(modulesRoot: string, paths: string[]): Map<string, string[]> {
  const files = new Map<string, string[]>()
  for (const path of paths) {
    const inModules = relative(modulesRoot, path)
    if (inModules.startsWith('..') || isAbsolute(inModules)) continue
    const [folder, ...rest] = inModules.split(sep)
    if (rest.length === 0) continue
    files.set(folder, [...(files.get(folder) ?? []), rest.join('/')])
  }
  return files
}

/**
 * Adds to a plan the index of every module it writes into or deletes from, brought up to date
 * with the files the plan creates and deletes: the index is written last, with them, or not at
 * all. A module whose registration class the plan deletes (remove-module) gets none.
 */
export async function planModuleIndexes(appRoot: string, plan: FilePlan): Promise<void> {
  const modulesRoot = join(appRoot, 'modules')
  const plannedByModule = byModule(modulesRoot, plan.paths())
  const removedByModule = byModule(modulesRoot, plan.deletedPaths())
  const planned = new Set(plan.paths())
  const removed = new Set(plan.deletedPaths())
  for (const folder of new Set([...plannedByModule.keys(), ...removedByModule.keys()])) {
    const moduleRoot = join(modulesRoot, folder)
    const indexPath = moduleIndexPath(moduleRoot)
    const registration = join(moduleRoot, 'infrastructure', `${folder}_module.ts`)
    if (planned.has(indexPath) || removed.has(indexPath) || removed.has(registration)) continue
    if (!(existsSync(registration) || planned.has(registration))) continue
    const contents = renderModuleIndex(
      moduleRoot,
      plannedByModule.get(folder) ?? [],
      removedByModule.get(folder) ?? []
    )
    if (existsSync(indexPath)) await plan.edit(indexPath, () => contents, { houseStyle: true })
    else plan.create(indexPath, contents, { houseStyle: true })
  }
}
