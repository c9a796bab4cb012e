import { existsSync } from 'node:fs'
import { isAbsolute, join, relative, sep } from 'node:path'
import type { FilePlan } from './file_plan.js'
import { moduleIndexPath, renderModuleIndex } from './module_index_source.js'

/**
 * Adds to a plan the index of every module it writes into, brought up to date with the files
 * the plan creates: the index is written last, with them, or not at all.
 */
export async function planModuleIndexes(appRoot: string, plan: FilePlan): Promise<void> {
  const modulesRoot = join(appRoot, 'modules')
  const plannedByModule = new Map<string, string[]>()
  for (const path of plan.paths()) {
    const inModules = relative(modulesRoot, path)
    if (inModules.startsWith('..') || isAbsolute(inModules)) continue
    const [folder, ...rest] = inModules.split(sep)
    if (rest.length === 0) continue
    plannedByModule.set(folder, [...(plannedByModule.get(folder) ?? []), rest.join('/')])
  }
  const planned = new Set(plan.paths())
  for (const [folder, files] of plannedByModule) {
    const moduleRoot = join(modulesRoot, folder)
    const indexPath = moduleIndexPath(moduleRoot)
    const registration = join(moduleRoot, 'infrastructure', `${folder}_module.ts`)
    if (planned.has(indexPath) || !(existsSync(registration) || planned.has(registration))) continue
    const contents = renderModuleIndex(moduleRoot, files)
    if (existsSync(indexPath)) await plan.edit(indexPath, () => contents)
    else plan.create(indexPath, contents)
  }
}
