import { existsSync } from 'node:fs'
import { isAbsolute, join, relative, sep } from 'node:path'
import type { FilePlan } from './file_plan.js'
import type { Formatter } from './format_files.js'
import {
  contentHash,
  generatedFilesPath,
  handEdited,
  readGeneratedFiles,
  serializeGeneratedFiles,
  type GeneratedFilesRecord,
} from './generated_files.js'

/** How to run a generator again: recorded in the module's generated_files.json. */
export interface Recipe {
  moduleRoot: string
  key: string
  argv: string[]
}

/** A recorded generator run whose files a remove-* command deletes: its recipe goes too. */
export interface ForgottenRecipe {
  moduleRoot: string
  key: string
}

/** The module folder and the path inside it of a file under modules/; undefined elsewhere. */
function inModule(
  modulesRoot: string,
  path: string
): { moduleRoot: string; name: string } | undefined {
  const inModules = relative(modulesRoot, path)
  if (inModules.startsWith('..') || isAbsolute(inModules)) return undefined
  const [folder, ...rest] = inModules.split(sep)
  if (rest.length === 0) return undefined
  return { moduleRoot: join(modulesRoot, folder), name: rest.join('/') }
}

/**
 * Keeps the record of generated files (generated_files.ts) of each module the plan writes
 * into, as part of the same plan, so that it is journaled and written with the files it
 * describes: the hash of each file a generator writes, and the command's recipes. A generated
 * file the plan would replace that was edited by hand is taken out of the plan (reported as
 * skipped) unless `force`; a file whose text would not change is taken out and reported as
 * unchanged. A file the plan deletes leaves the record, with the `forget` recipes; a record the
 * plan deletes (its whole module) is not written. An edit made with `recorded` of a file as a
 * generator wrote it keeps it so (file_plan.ts). Returns the files edited by hand that `force`
 * lets the plan replace, with why.
 */
export async function planGeneratedFilesRecord(
  appRoot: string,
  plan: FilePlan,
  options: { force: boolean; recipes?: Recipe[]; format?: Formatter; forget?: ForgottenRecipe[] }
): Promise<string[]> {
  const modulesRoot = join(appRoot, 'modules')
  const records = new Map<string, GeneratedFilesRecord>()
  const recordOf = async (moduleRoot: string) => {
    if (!records.has(moduleRoot)) records.set(moduleRoot, await readGeneratedFiles(moduleRoot))
    return records.get(moduleRoot)!
  }
  const replaced: string[] = []
  for (const file of plan.generatedFiles()) {
    const located = inModule(modulesRoot, file.path)
    if (!located) continue
    const { moduleRoot, name } = located
    const record = await recordOf(moduleRoot)
    if (file.original !== undefined && file.original !== file.contents) {
      const edited = handEdited(record, name, file.original)
      if (edited && !options.force) {
        // A file another command creates is refused as a conflict by the plan instead.
        if (file.kind === 'generate') {
          plan.skip(file.path, edited)
          continue
        }
      } else if (edited) {
        replaced.push(`${relative(appRoot, file.path)} (${edited})`)
      }
    }
    record.files[name] = contentHash(file.contents)
  }
  plan.dropUnchanged()
  // Only a module that has a record: deleting its files is no reason to start one.
  const recorded = (moduleRoot: string) => existsSync(generatedFilesPath(moduleRoot))
  for (const edit of plan.recordedEdits()) {
    const file = inModule(modulesRoot, edit.path)
    if (!file || !recorded(file.moduleRoot)) continue
    const record = await recordOf(file.moduleRoot)
    if (handEdited(record, file.name, edit.original) === undefined) {
      record.files[file.name] = contentHash(edit.contents)
    }
  }
  for (const path of plan.deletedPaths()) {
    const file = inModule(modulesRoot, path)
    if (!file || !recorded(file.moduleRoot)) continue
    const record = await recordOf(file.moduleRoot)
    delete record.files[file.name]
  }
  for (const { moduleRoot, key } of options.forget ?? []) {
    if (!recorded(moduleRoot)) continue
    const record = await recordOf(moduleRoot)
    delete record.recipes[key]
  }
  const deleted = new Set(plan.deletedPaths())
  for (const recipe of options.recipes ?? []) {
    const record = await recordOf(recipe.moduleRoot)
    record.recipes[recipe.key] = recipe.argv
  }
  for (const [moduleRoot, record] of records) {
    const path = generatedFilesPath(moduleRoot)
    if (deleted.has(path)) continue
    let text = serializeGeneratedFiles(record)
    if (options.format) text = await options.format(path, text, true)
    if (existsSync(path)) await plan.edit(path, () => text, { houseStyle: true })
    else plan.create(path, text, { houseStyle: true })
  }
  return replaced
}
