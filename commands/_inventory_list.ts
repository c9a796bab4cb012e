import { BaseCommand, flags } from '@adonisjs/core/ace'
import { readModuleInventory } from '../app/scaffolding/module_inventory.js'
import type { InventoryList } from '../app/scaffolding/module_lists.js'

/**
 * What the list:* commands share: the app's module inventory, read from its files (no start, no
 * database), printed as a table or, with --json, as a JSON array and nothing else.
 */
export abstract class InventoryListCommand<Row> extends BaseCommand {
  @flags.boolean({ description: 'Print JSON (an array of rows) and nothing else' })
  declare json: boolean

  protected abstract readonly list: InventoryList<Row>

  async run() {
    const rows = this.list.rows(await readModuleInventory(this.app.makePath()))
    if (this.json) {
      this.logger.log(JSON.stringify(rows, null, 2))
      return
    }
    if (rows.length === 0) {
      this.logger.info(this.list.empty)
      return
    }
    const table = this.ui.table().head(this.list.head)
    for (const row of rows) table.row(this.list.cells(row))
    table.render()
  }
}
