import { Command } from '#building_blocks/application/messages'

/** Removes a product from the catalog. */
export class DeleteProductCommand extends Command<void> {
  constructor(readonly id: string) {
    super()
  }
}
