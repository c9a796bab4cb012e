import { args, flags } from '@adonisjs/core/ace'
import { DatabaseCommand } from '../app/host/database_command.js'
import { DeadLetterReplay } from '../app/building_blocks/infrastructure/messaging/dead_letter_replay.js'

export default class DeadLettersRetry extends DatabaseCommand {
  static commandName = 'dead-letters:retry'
  static description = 'Run dead letters through their consumer again: given ids, or all with --all'

  @args.spread({ description: 'Ids of the dead letters to replay', required: false })
  declare ids?: string[]

  @flags.boolean({ description: 'Replay every dead letter' })
  declare all: boolean

  @flags.boolean({ description: 'Print JSON' })
  declare json: boolean

  protected async execute() {
    if (!this.all && (!this.ids || this.ids.length === 0)) {
      this.logger.error('Give the ids of the dead letters to replay, or --all')
      this.exitCode = 1
      return
    }
    const replay = await this.app.container.make(DeadLetterReplay)
    const outcome = await replay.replay(this.all ? undefined : this.ids)
    if (this.json) this.logger.log(JSON.stringify(outcome, null, 2))
    else {
      this.logger.success(`${outcome.replayed.length} dead letter(s) applied and removed`)
      for (const { id, error } of outcome.failed) this.logger.error(`${id} failed again: ${error}`)
    }
    if (outcome.failed.length > 0) this.exitCode = 1
  }
}
