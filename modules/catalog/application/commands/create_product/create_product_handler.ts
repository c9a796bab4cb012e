import { inject } from '@adonisjs/core'
import { type CommandHandler, type Result, success } from '@pantheon/kit/application'
import { Price } from '../../../domain/price.js'
import { Product } from '../../../domain/product.js'
import { ProductRepository } from '../../../domain/product_repository.js'
import { CreateProductCommand } from './create_product_command.js'

@inject()
export default class CreateProductHandler implements CommandHandler<CreateProductCommand> {
  static readonly handles = CreateProductCommand

  constructor(private readonly products: ProductRepository) {}

  async handle(command: CreateProductCommand): Promise<Result<string>> {
    const product = Product.create({ name: command.name, price: Price.fromAmount(command.price) })
    await this.products.add(product)
    return success(product.id)
  }
}
