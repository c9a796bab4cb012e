import { InventoryListCommand } from './_inventory_list.js'
import { consumerList, type ConsumerRow } from '../app/scaffolding/module_lists.js'

export default class ListConsumers extends InventoryListCommand<ConsumerRow> {
  static commandName = 'list:consumers'
  static description = 'List the consumers of integration events, with the event and its publisher'

  protected readonly list = consumerList
}
