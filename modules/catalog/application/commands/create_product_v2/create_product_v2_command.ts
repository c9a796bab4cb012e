import { Command, uncheckedFields } from '@pantheon/kit/application'
import type { ProductId } from '../../../domain/product_id.js'

export interface CreateProductV2Fields {
  name: string
  price: number
  category: string
}

/** Create product v2. */
export class CreateProductV2Command extends Command<ProductId> {
  readonly name: string
  readonly price: number
  readonly category: string

  constructor(fields: CreateProductV2Fields) {
    super()
    this.name = fields.name
    this.price = fields.price
    this.category = fields.category
  }

  /**
   * From request input (body and route params). Unchecked on purpose: the validation step of
   * the pipeline checks every field before the handler runs.
   */
  static fromInput(input: Record<string, unknown>): CreateProductV2Command {
    return new CreateProductV2Command(uncheckedFields<CreateProductV2Fields>(input))
  }
}
