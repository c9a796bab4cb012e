import { Command } from '@pantheon/kit/application'

/** Removes a product from the catalog. */
export class DeleteProductCommand extends Command<void> {
  constructor(readonly id: string) {
    super()
  }
}
