import { InventoryListCommand } from './_inventory_list.js'
import { endpointList, type EndpointRow } from '../app/scaffolding/module_lists.js'

export default class ListEndpoints extends InventoryListCommand<EndpointRow> {
  static commandName = 'list:endpoints'
  static description = 'List the endpoints of every module: method, route and API version'

  protected readonly list = endpointList
}
