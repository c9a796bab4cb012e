import { existsSync } from 'node:fs'
import { readdir } from 'node:fs/promises'
import { join } from 'node:path'

/** A folder of the app's modules/, with the name its commands take (`order_items` → OrderItems). */
export interface AppModule {
  folder: string
  pascal: string
  root: string
}

/** Every folder of modules/, sorted; whether each is a whole module is the modules check's job. */
export async function appModules(appRoot: string): Promise<AppModule[]> {
  const modulesRoot = join(appRoot, 'modules')
  if (!existsSync(modulesRoot)) return []
  const entries = await readdir(modulesRoot, { withFileTypes: true })
  return entries
    .filter((entry) => entry.isDirectory() && !entry.name.startsWith('.'))
    .map((entry) => entry.name)
    .sort()
    .map((folder) => ({
      folder,
      pascal: folder
        .split('_')
        .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
        .join(''),
      root: join(modulesRoot, folder),
    }))
}

/** The modules that have their registration class, which the other checks read. */
export async function registeredModules(appRoot: string): Promise<AppModule[]> {
  const modules = await appModules(appRoot)
  return modules.filter((module) =>
    existsSync(join(module.root, 'infrastructure', `${module.folder}_module.ts`))
  )
}
