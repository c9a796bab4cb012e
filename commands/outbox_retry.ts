import { args, BaseCommand, flags } from '@adonisjs/core/ace'
import type { CommandOptions } from '@adonisjs/core/types/ace'
import { OutboxRelay } from '#building_blocks/infrastructure/messaging/outbox_relay'

export default class OutboxRetry extends BaseCommand {
  static commandName = 'outbox:retry'
  static description = 'Put events back in line for delivery: given ids, or every dead letter with --all-failed'
  static options: CommandOptions = { startApp: true }

  @args.spread({ description: 'Ids of the events to retry', required: false })
  declare ids?: string[]

  @flags.boolean({ description: 'Retry every dead letter' })
  declare allFailed: boolean

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
    if (!this.allFailed && (!this.ids || this.ids.length === 0)) {
      this.logger.error('Give the ids of the events to retry, or --all-failed')
      this.exitCode = 1
      return
    }
    const relay = await this.app.container.make(OutboxRelay)
    const count = await relay.retry(this.allFailed ? undefined : this.ids)
    this.logger.success(`${count} event(s) will be delivered again by the relay`)
  }
}
