import { globSync } from 'node:fs'
import { MODULES_VARIABLE, parseModuleSelection, type ModuleSelection } from './module_selection.js'

/*
 * Where the host finds modules. These functions look at the file system when the app boots, so
 * adding a module folder adds the module and deleting it removes it: there is no list to edit.
 */

/**
 * Registration classes (service providers), relative to the app root: the adonisrc glob. Every
 * module's, whatever PANTHEON_MODULES says: adonisrc.ts is read before `.env` is, so a module
 * left out of the selection is skipped by its registration class (PantheonModule) instead.
 */
export function moduleRegistrationFiles(appRoot: string): string[] {
  return globSync('modules/*/infrastructure/*_module.{ts,js}', { cwd: appRoot })
    .filter((file) => !file.endsWith('.d.ts'))
    .sort()
}

/**
 * The migrations folder of each module this process serves (PANTHEON_MODULES, every module when
 * unset), relative to the app root, in module-name order. Called by config/database.ts, after
 * start/env.ts loaded `.env`; a selection naming no module of the app throws.
 */
export function moduleMigrationFolders(appRoot: string): string[] {
  const selection = selectedModules(appRoot)
  return globSync('modules/*/infrastructure/database/migrations', { cwd: appRoot })
    .filter((folder) => selection.all || selection.includes(folder.split('/')[1]))
    .sort()
}

/** The app's modules: the folder names under modules/ that hold a registration class. */
function appModuleNames(appRoot: string): string[] {
  return [...new Set(moduleRegistrationFiles(appRoot).map((file) => file.split('/')[1]))]
}

/**
 * This process's modules, from PANTHEON_MODULES as the environment holds it: ask once
 * start/env.ts has loaded `.env` (configuration files, providers' register and later), never in
 * adonisrc.ts, which is read before it.
 */
export function selectedModules(
  appRoot: string,
  raw: string | undefined = process.env[MODULES_VARIABLE]
): ModuleSelection {
  return parseModuleSelection(raw, appModuleNames(appRoot))
}
