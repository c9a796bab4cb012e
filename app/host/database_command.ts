import { BaseCommand } from '@adonisjs/core/ace'
import type { CommandOptions } from '@adonisjs/core/types/ace'

/**
 * An operator's command that works on the database. A missing table or an unreachable database
 * is reported as a message with what to check, not as a crash with a stack trace.
 */
export abstract class DatabaseCommand extends BaseCommand {
  static options: CommandOptions = { startApp: true }

  protected abstract execute(): Promise<void>

  async run() {
    try {
      await this.execute()
    } catch (error) {
      this.logger.error(error instanceof Error ? error.message : String(error))
      this.logger.info('Is the database reachable and migrated? node ace migration:run')
      this.exitCode = 1
    }
  }
}
