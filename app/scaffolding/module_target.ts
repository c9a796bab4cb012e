import { existsSync } from 'node:fs'
import { join } from 'node:path'
import type { ApplicationService } from '@adonisjs/core/types'
import { assertPascalCaseName, moduleNames, type ModuleNames } from './names.js'
import { ScaffoldError } from './scaffold_error.js'

export interface ModuleTarget extends ModuleNames {
  root: string
  registrationFile: string
}

/** The existing module named by --module, or a ScaffoldError saying how to create it. */
export function existingModule(app: ApplicationService, name: string | undefined): ModuleTarget {
  if (!name) throw new ScaffoldError('--module is required, e.g. --module Catalog')
  assertPascalCaseName(name, 'module', { sql: true })
  const names = moduleNames(name)
  const root = app.makePath('modules', names.folder)
  const registrationFile = join(root, 'infrastructure', `${names.folder}_module.ts`)
  if (!existsSync(registrationFile)) {
    throw new ScaffoldError(
      `The module ${name} does not exist (no modules/${names.folder}/infrastructure/${names.folder}_module.ts)`,
      `Create it first: node ace add-module ${name}`
    )
  }
  return { ...names, root, registrationFile }
}
