import { flags } from '@adonisjs/core/ace'
import { DatabaseCommand } from '../app/host/database_command.js'
import { Outbox } from '../app/building_blocks/infrastructure/messaging/outbox.js'
import { connectionsInUse } from '../app/building_blocks/infrastructure/persistence/module_connections.js'

export default class OutboxList extends DatabaseCommand {
  static commandName = 'outbox:list'
  static description =
    'List integration events not yet published, or only those whose publish failed'

  @flags.boolean({
    description: 'Only the events whose publish failed (they are retried with backoff)',
  })
  declare failed: boolean

  @flags.boolean({ description: 'Print JSON' })
  declare json: boolean

  protected async execute() {
    const outbox = await this.app.container.make(Outbox)
    // Every database the modules keep an outbox in (module_connections.ts), oldest first.
    const rows = []
    for (const connection of connectionsInUse(this.app)) {
      rows.push(...(await outbox.list({ failed: this.failed, connection })))
    }
    rows.sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0))
    if (this.json) {
      this.logger.log(JSON.stringify(rows, null, 2))
      return
    }
    if (rows.length === 0) {
      this.logger.info(this.failed ? 'No failed publishes' : 'Nothing waiting in the outbox')
      return
    }
    const table = this.ui.table().head(['id', 'type', 'attempts', 'next try', 'last error'])
    for (const row of rows) {
      const nextTry = new Date(row.next_attempt_at).toISOString()
      table.row([row.id, row.type, String(row.attempts), nextTry, row.last_error ?? ''])
    }
    table.render()
  }
}
