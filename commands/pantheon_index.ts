import { BaseCommand, flags } from '@adonisjs/core/ace'
import { lockApp } from '../app/scaffolding/command_lock.js'
import { staleModuleIndexes, writeModuleIndexes } from '../app/scaffolding/module_indexes.js'
import { ScaffoldError } from '../app/scaffolding/scaffold_error.js'

/**
 * Writes each module's index (`modules/<name>/infrastructure/<name>_index.ts`) from its files.
 * The scaffolding commands and the assembler hook (before `node ace serve|test|build`) do it
 * too; run it after adding, moving or deleting a handler, validator, endpoint or consumer by
 * hand, or with --check in CI to fail on an index that no longer matches.
 */
export default class PantheonIndex extends BaseCommand {
  static commandName = 'pantheon:index'
  static description = "Write every module's index of handlers, validators, endpoints and consumers"

  @flags.boolean({ description: 'Write nothing; fail when an index does not match its module' })
  declare check: boolean

  async run(): Promise<void> {
    const appRoot = this.app.makePath()
    if (this.check) {
      const stale = await staleModuleIndexes(appRoot)
      for (const path of stale)
        this.logger.error(`${path} does not match its module: run node ace pantheon:index`)
      if (stale.length > 0) this.exitCode = 1
      else this.logger.success('every module index is up to date')
      return
    }
    const written = await this.writeLocked(appRoot)
    if (!written) return
    for (const path of written) this.logger.action(`update ${path}`).succeeded()
    if (written.length === 0) this.logger.info('every module index was already up to date')
  }

  /** Writes the indexes under the app's scaffolding lock; undefined when it is refused. */
  private async writeLocked(appRoot: string): Promise<string[] | undefined> {
    try {
      const lock = await lockApp(appRoot, PantheonIndex.commandName, this.logger)
      try {
        return await writeModuleIndexes(appRoot)
      } finally {
        await lock.release()
      }
    } catch (error) {
      if (!(error instanceof ScaffoldError)) throw error
      this.logger.error(error.message)
      if (error.hint) this.logger.info(error.hint)
      this.exitCode = 1
      return undefined
    }
  }
}
