import { flags } from '@adonisjs/core/ace'
import { DatabaseCommand } from '#host/database_command'
import { Outbox } from '#building_blocks/infrastructure/messaging/outbox'

export default class OutboxList extends DatabaseCommand {
  static commandName = 'outbox:list'
  static description = 'List integration events not yet delivered (pending and failing), or the dead letters'

  @flags.boolean({ description: 'Only the dead letters (events that failed every try)' })
  declare failed: boolean

  @flags.boolean({ description: 'Print JSON' })
  declare json: boolean

  protected async execute() {
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
