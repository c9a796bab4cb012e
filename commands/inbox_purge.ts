import { PurgeCommand } from './_purge_base.js'
import { purgeProcessedInbox } from '../app/building_blocks/infrastructure/messaging/message_purge.js'

export default class InboxPurge extends PurgeCommand {
  static commandName = 'inbox:purge'
  static description =
    "Remove consumers' inbox records of events applied longer ago than --older-than, in batches"

  protected readonly rows = 'inbox records'
  protected readonly purge = purgeProcessedInbox
}
