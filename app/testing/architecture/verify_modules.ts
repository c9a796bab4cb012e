import { existsSync } from 'node:fs'
import { readdir } from 'node:fs/promises'
import { join } from 'node:path'
import {
  APP_ROOT,
  cruiseWithArchitectureRules,
  describeViolations,
  type ArchitectureViolation,
  type CruiseArchitectureOptions,
} from './cruise_architecture.js'

/** What verifyModules checked, when every module passed. */
export interface ModulesVerification {
  /** The modules checked, by folder (`modules/<name>`), sorted. */
  modules: string[]
  /** How many imports were held to the rules, so that a test can tell it checked something. */
  dependencies: number
}

/** The folders of modules/, sorted: every module of the app, whole or not. */
async function moduleFolders(baseDir: string): Promise<string[]> {
  const root = join(baseDir, 'modules')
  if (!existsSync(root)) return []
  const entries = await readdir(root, { withFileTypes: true })
  return entries
    .filter((entry) => entry.isDirectory() && !entry.name.startsWith('.'))
    .map((entry) => `modules/${entry.name}`)
    .sort()
}

/** The module (or other top folder) an import is written in: where its fix goes. */
function folderOf(file: string): string {
  const [top, name] = file.split('/')
  return top === 'modules' && name !== undefined ? `modules/${name}` : top
}

/** Every violation under the module that holds the importing file, modules in order. */
function describeByModule(violations: ArchitectureViolation[]): string {
  const byFolder = new Map<string, ArchitectureViolation[]>()
  for (const violation of violations) {
    const folder = folderOf(violation.from)
    byFolder.set(folder, [...(byFolder.get(folder) ?? []), violation])
  }
  return [...byFolder.keys()]
    .sort()
    .map((folder) => describeViolations(folder, byFolder.get(folder)!))
    .join('\n')
}

/**
 * Holds every module of the app to the architecture rules in one call: each module's layer
 * rules (domain, application, infrastructure, api, integration) and the rules across modules
 * (another module only through its integration/ folder, building blocks never importing a
 * module), over every file under modules/ (their tests included) and what those files import.
 * Throws an error naming, module by module, each rule broken with the importing file and the
 * imported one; resolves with what it checked otherwise. An app with no module passes.
 *
 * One test runs it for the whole app (tests/architecture/):
 * `test('every module respects the architecture rules', async () => { await verifyModules() })`.
 */
export async function verifyModules(
  options: CruiseArchitectureOptions = {}
): Promise<ModulesVerification> {
  const baseDir = options.baseDir ?? APP_ROOT
  const modules = await moduleFolders(baseDir)
  if (modules.length === 0) return { modules, dependencies: 0 }
  const result = await cruiseWithArchitectureRules(['modules'], { baseDir })
  const violations = result.summary.violations.map((violation) => ({
    rule: violation.rule.name,
    from: violation.from,
    to: violation.to,
  }))
  if (violations.length > 0) {
    throw new Error(
      `${violations.length} architecture rule violation(s) in the app's modules:\n${describeByModule(violations)}`
    )
  }
  return { modules, dependencies: result.summary.totalDependenciesCruised ?? 0 }
}
