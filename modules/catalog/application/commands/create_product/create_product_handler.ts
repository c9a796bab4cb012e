// Edited after generation: the domain checks the price (Price: from 0, exact to the cent), the service sets createdAt, and version 1.0 sets no category.
import { inject } from '@adonisjs/core'
import { type CommandHandler, type Result, success } from '@pantheon/kit/application'
import { Price } from '../../../domain/price.js'
import { Product } from '../../../domain/product.js'
import { ProductId } from '../../../domain/product_id.js'
import { ProductRepository } from '../../../domain/product_repository.js'
import { CreateProductCommand } from './create_product_command.js'

@inject()
export default class CreateProductHandler implements CommandHandler<CreateProductCommand> {
  static readonly handles = CreateProductCommand

  constructor(private readonly repository: ProductRepository) {}

  async handle(command: CreateProductCommand): Promise<Result<ProductId>> {
    const product = Product.create({
      name: command.name,
      price: Price.fromAmount(command.price).amount,
      category: null,
      createdAt: new Date(),
    })
    await this.repository.add(product)
    return success(product.id)
  }
}
