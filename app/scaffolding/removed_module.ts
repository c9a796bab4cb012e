import { existsSync, readdirSync } from 'node:fs'
import { basename, join, relative, sep } from 'node:path'

/** Where a module's migrations live, inside the module: all remove-module keeps of it. */
export const MODULE_MIGRATIONS = join('infrastructure', 'database', 'migrations')

/**
 * Whether a folder of modules/ is what remove-module leaves of a module: no registration class,
 * and no file outside its migrations folder (kept as the history of the databases they ran on).
 */
export function isRemovedModule(moduleRoot: string): boolean {
  const registration = join(moduleRoot, 'infrastructure', `${basename(moduleRoot)}_module.ts`)
  if (existsSync(registration) || !existsSync(join(moduleRoot, MODULE_MIGRATIONS))) return false
  return readdirSync(moduleRoot, { recursive: true, withFileTypes: true })
    .filter((entry) => !entry.isDirectory())
    .every((entry) =>
      relative(moduleRoot, join(entry.parentPath, entry.name)).startsWith(MODULE_MIGRATIONS + sep)
    )
}
