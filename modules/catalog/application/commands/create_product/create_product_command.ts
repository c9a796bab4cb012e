import { Command } from '@pantheon/kit/application'

/** Adds a product to the catalog; the result is the new product's id. */
export class CreateProductCommand extends Command<string> {
  constructor(
    readonly name: string,
    readonly price: number
  ) {
    super()
  }
}
