import { InventoryListCommand } from './_inventory_list.js'
import { eventList, type EventRow } from '../app/scaffolding/module_lists.js'

export default class ListEvents extends InventoryListCommand<EventRow> {
  static commandName = 'list:events'
  static description = 'List the integration events modules publish, with their consumers'

  protected readonly list = eventList
}
