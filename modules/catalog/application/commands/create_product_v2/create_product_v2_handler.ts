import { inject } from '@adonisjs/core'
import { type CommandHandler, type Result, success } from '@pantheon/kit/application'
import { Price } from '../../../domain/price.js'
import { Product } from '../../../domain/product.js'
import { ProductRepository } from '../../../domain/product_repository.js'
import { CreateProductV2Command } from './create_product_v2_command.js'

@inject()
export default class CreateProductV2Handler implements CommandHandler<CreateProductV2Command> {
  static readonly handles = CreateProductV2Command

  constructor(private readonly products: ProductRepository) {}

  async handle(command: CreateProductV2Command): Promise<Result<string>> {
    const product = Product.create({
      name: command.name,
      price: Price.fromAmount(command.price),
      category: command.category,
    })
    await this.products.add(product)
    return success(product.id)
  }
}
