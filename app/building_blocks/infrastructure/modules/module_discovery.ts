import { globSync } from 'node:fs'

/*
 * Where the host finds modules. Both functions look at the file system when the app boots, so
 * adding a module folder adds the module and deleting it removes it: there is no list to edit.
 */

/** Registration classes (service providers), relative to the app root: the adonisrc glob. */
export function moduleRegistrationFiles(appRoot: string): string[] {
  return globSync('modules/*/infrastructure/*_module.{ts,js}', { cwd: appRoot })
    .filter((file) => !file.endsWith('.d.ts'))
    .sort()
}

/** Each module's migrations folder, relative to the app root, in module-name order. */
export function moduleMigrationFolders(appRoot: string): string[] {
  return globSync('modules/*/infrastructure/database/migrations', { cwd: appRoot }).sort()
}
