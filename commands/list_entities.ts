import { InventoryListCommand } from './_inventory_list.js'
import { entityList, type EntityRow } from '../app/scaffolding/module_lists.js'

export default class ListEntities extends InventoryListCommand<EntityRow> {
  static commandName = 'list:entities'
  static description =
    'List the entities of every module, with their properties (from their definitions)'

  protected readonly list = entityList
}
