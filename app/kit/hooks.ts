/**
 * Assembler hooks for an app's adonisrc.ts (`hooks: { init: [indexEntities(), indexModules()] }`):
 * they run before `node ace serve`, `test` and `build`.
 */

/** Brings every module's index up to date, as `node ace pantheon:index` does. */
export function indexModules() {
  return {
    async run() {
      // Loaded when the hook runs, so reading adonisrc.ts never loads the scaffolding code.
      const { writeModuleIndexes } = await import('../scaffolding/module_indexes.js')
      await writeModuleIndexes(process.cwd())
    },
  }
}
