import { PurgeCommand } from './_purge_base.js'
import { purgeSentOutbox } from '../app/building_blocks/infrastructure/messaging/message_purge.js'

export default class OutboxPurge extends PurgeCommand {
  static commandName = 'outbox:purge'
  static description =
    'Remove outbox rows sent longer ago than --older-than, in batches; never an unsent one'

  protected readonly rows = 'sent events'
  protected readonly purge = purgeSentOutbox
}
