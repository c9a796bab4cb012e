import { flags } from '@adonisjs/core/ace'
import { DatabaseCommand } from '../app/host/database_command.js'
import { DeadLetters } from '../app/building_blocks/infrastructure/messaging/dead_letters.js'

export default class DeadLettersList extends DatabaseCommand {
  static commandName = 'dead-letters:list'
  static description = 'List the events a consumer failed on every try'

  @flags.string({
    description: "Only this consumer's dead letters (e.g. orders.ProductCreatedConsumer)",
  })
  declare consumer?: string

  @flags.boolean({ description: 'Print JSON' })
  declare json: boolean

  protected async execute() {
    const deadLetters = await this.app.container.make(DeadLetters)
    const letters = await deadLetters.list({ consumer: this.consumer })
    if (this.json) {
      // A readable letter's body is its event again: only an unreadable one shows it.
      const shown = letters.map(({ body, ...letter }) =>
        letter.event ? letter : { ...letter, body }
      )
      this.logger.log(JSON.stringify(shown, null, 2))
      return
    }
    if (letters.length === 0) {
      this.logger.info('No dead letters')
      return
    }
    const table = this.ui
      .table()
      .head(['id', 'consumer', 'type', 'event id', 'attempts', 'last error'])
    for (const letter of letters) {
      table.row([
        letter.id,
        letter.consumer,
        letter.type,
        letter.eventId,
        String(letter.attempts),
        letter.lastError,
      ])
    }
    table.render()
  }
}
