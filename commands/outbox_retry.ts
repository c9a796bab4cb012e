import { args, flags } from '@adonisjs/core/ace'
import { DatabaseCommand } from '../app/host/database_command.js'
import { OutboxRelays } from '../app/building_blocks/infrastructure/messaging/outbox_relays.js'

export default class OutboxRetry extends DatabaseCommand {
  static commandName = 'outbox:retry'
  static description =
    'Publish failed events now instead of after their backoff: given ids, or all with --all-failed'

  @args.spread({ description: 'Ids of the outbox events to retry', required: false })
  declare ids?: string[]

  @flags.boolean({ description: 'Retry every event whose publish failed' })
  declare allFailed: boolean

  protected async execute() {
    if (!this.allFailed && (!this.ids || this.ids.length === 0)) {
      this.logger.error('Give the ids of the events to retry, or --all-failed')
      this.exitCode = 1
      return
    }
    const relay = await this.app.container.make(OutboxRelays)
    const count = await relay.retry(this.allFailed ? undefined : this.ids)
    this.logger.success(`${count} event(s) will be published again by the relay`)
  }
}
