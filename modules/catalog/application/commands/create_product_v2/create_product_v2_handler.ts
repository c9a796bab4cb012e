// Edited after generation: its body, as the create of version 1.0 (Price checks the price, the service sets createdAt) with the category.
import { inject } from '@adonisjs/core'
import { type CommandHandler, type Result, success } from '@pantheon/kit/application'
import { Price } from '../../../domain/price.js'
import { Product } from '../../../domain/product.js'
import type { ProductId } from '../../../domain/product_id.js'
import { ProductRepository } from '../../../domain/product_repository.js'
import { CreateProductV2Command } from './create_product_v2_command.js'

@inject()
export default class CreateProductV2Handler implements CommandHandler<CreateProductV2Command> {
  static readonly handles = CreateProductV2Command

  constructor(private readonly repository: ProductRepository) {}

  async handle(command: CreateProductV2Command): Promise<Result<ProductId>> {
    const product = Product.create({
      name: command.name,
      price: Price.fromAmount(command.price).amount,
      category: command.category,
      createdAt: new Date(),
    })
    await this.repository.add(product)
    return success(product.id)
  }
}
