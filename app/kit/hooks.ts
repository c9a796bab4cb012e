/**
 * Assembler hooks for an app's adonisrc.ts: `init: [indexEntities(), indexModules()]` runs before
 * `node ace serve`, `test` and `build`; `fileAdded`/`fileRemoved: [reindexModules()]` keep the
 * indexes up to date while `node ace serve --watch` runs.
 */

/**
 * The glob adonisrc.ts gives its providers: exported here, beside the hooks, because reading
 * adonisrc.ts is the first thing every ace command does, and this subpath loads nothing else.
 */
export { moduleRegistrationFiles } from '../building_blocks/infrastructure/modules/module_discovery.js'

/** Loaded when a hook runs, so reading adonisrc.ts never loads the scaffolding code. */
const moduleIndexes = () => import('../scaffolding/module_indexes.js')

/** Brings every module's index up to date, as `node ace pantheon:index` does. */
export function indexModules() {
  return {
    async run() {
      const { writeModuleIndexes } = await moduleIndexes()
      await writeModuleIndexes(process.cwd())
    },
  }
}

/**
 * After a file of a module is added or removed by hand while the dev server watches: the
 * module's handler, validator, endpoint or consumer is wired on the restart that follows.
 */
export function reindexModules() {
  return {
    async run(relativePath: string) {
      if (!/^modules[\\/]/.test(relativePath)) return
      const { writeModuleIndexes } = await moduleIndexes()
      await writeModuleIndexes(process.cwd())
    },
  }
}
