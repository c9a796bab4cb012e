import { existsSync } from 'node:fs'
import { join, relative } from 'node:path'
import { staleModuleIndexes } from '../scaffolding/module_indexes.js'
import { isRemovedModule } from '../scaffolding/removed_module.js'
import { appModules } from './app_modules.js'
import type { DoctorCheck, Finding } from './doctor_check.js'

/** Each module has its registration class, its index (up to date) and its migrations folder. */
export const moduleLayoutCheck: DoctorCheck = {
  id: 'modules',
  title: 'Module registration, index and migrations folder',
  async run({ appRoot }) {
    const findings: Finding[] = []
    const missingIndex = new Set<string>()
    for (const module of await appModules(appRoot)) {
      const infrastructure = join(module.root, 'infrastructure')
      const path = (file: string) => relative(appRoot, join(infrastructure, file))
      const registration = path(`${module.folder}_module.ts`)
      // What remove-module keeps of a module: its migrations, the history of the databases.
      if (isRemovedModule(module.root)) continue
      if (!existsSync(join(appRoot, registration))) {
        findings.push({
          severity: 'error',
          message: `modules/${module.folder} has no registration class (${registration}): the app does not load it`,
          fix: `restore ${registration} (node ace add-module ${module.pascal} in another app shows it), or delete modules/${module.folder}`,
        })
        continue
      }
      const index = path(`${module.folder}_index.ts`)
      if (!existsSync(join(appRoot, index))) {
        missingIndex.add(index)
        findings.push({
          severity: 'error',
          message: `the ${module.pascal} module has no index (${index})`,
          fix: 'node ace pantheon:index',
        })
      }
      const migrations = path(join('database', 'migrations'))
      if (!existsSync(join(appRoot, migrations))) {
        findings.push({
          severity: 'error',
          message: `the ${module.pascal} module has no migrations folder (${migrations})`,
          fix: `mkdir -p ${migrations} && touch ${migrations}/.gitkeep`,
        })
      }
    }
    for (const index of await staleModuleIndexes(appRoot)) {
      if (missingIndex.has(index)) continue
      findings.push({
        severity: 'error',
        message: `${index} does not match its module's files`,
        fix: 'node ace pantheon:index',
      })
    }
    return findings
  },
}
