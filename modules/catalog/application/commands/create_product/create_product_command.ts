// Edited after generation: version 1.0 creates a product from its name and price only (a category is 2.0's, and the service sets createdAt).
import { Command, uncheckedFields } from '@pantheon/kit/application'
import type { ProductId } from '../../../domain/product_id.js'

export interface CreateProductFields {
  name: string
  price: number
}

/** Creates a product. */
export class CreateProductCommand extends Command<ProductId> {
  readonly name: string
  readonly price: number

  constructor(fields: CreateProductFields) {
    super()
    this.name = fields.name
    this.price = fields.price
  }

  /**
   * From request input (body and route params). Unchecked on purpose: the validation step of
   * the pipeline checks every field before the handler runs.
   */
  static fromInput(input: Record<string, unknown>): CreateProductCommand {
    return new CreateProductCommand(uncheckedFields<CreateProductFields>(input))
  }
}
