import { BaseCommand, flags } from '@adonisjs/core/ace'
import type { CommandOptions } from '@adonisjs/core/types/ace'
import { Outbox } from '#building_blocks/infrastructure/messaging/outbox'

export default class OutboxList extends BaseCommand {
  static commandName = 'outbox:list'
  static description = 'List integration events not yet delivered (pending and failing), or the dead letters'
  static options: CommandOptions = { startApp: true }

  @flags.boolean({ description: 'Only the dead letters (events that failed every try)' })
  declare failed: boolean

  @flags.boolean({ description: 'Print JSON' })
  declare json: boolean

  async run() {
    try {
      await this.execute()
    } catch (error) {
      // A missing table or an unreachable database is an operator's situation, not a crash.
      this.logger.error(error instanceof Error ? error.message : String(error))
      this.logger.info('Is the database reachable and migrated? node ace migration:run')
      this.exitCode = 1
    }
  }

  private async execute() {
    const outbox = await this.app.container.make(Outbox)
    const rows = await outbox.list({ dead: this.failed })
    if (this.json) {
      this.logger.log(JSON.stringify(rows, null, 2))
      return
    }
    if (rows.length === 0) {
      this.logger.info(this.failed ? 'No dead letters' : 'Nothing waiting in the outbox')
      return
    }
    const table = this.ui.table().head(['id', 'type', 'status', 'attempts', 'last error'])
    for (const row of rows) {
      table.row([row.id, row.type, row.status, String(row.attempts), row.last_error ?? ''])
    }
    table.render()
  }
}
