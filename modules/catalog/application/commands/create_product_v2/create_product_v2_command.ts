import { Command } from '@pantheon/kit/application'

/** Adds a product with its category (API v2); the result is the new product's id. */
export class CreateProductV2Command extends Command<string> {
  constructor(
    readonly name: string,
    readonly price: number,
    readonly category: string
  ) {
    super()
  }
}
