import { InventoryListCommand } from './_inventory_list.js'
import { moduleList, type ModuleRow } from '../app/scaffolding/module_lists.js'

export default class ListModules extends InventoryListCommand<ModuleRow> {
  static commandName = 'list:modules'
  static description =
    'List the modules: their API versions, entities, commands, queries, endpoints and events'

  protected readonly list = moduleList
}
