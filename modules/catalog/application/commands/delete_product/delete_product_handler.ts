import { inject } from '@adonisjs/core'
import { type CommandHandler, failure, type Result, success } from '@pantheon/kit/application'
import { ProductId } from '../../../domain/product_id.js'
import { ProductRepository } from '../../../domain/product_repository.js'
import { CatalogErrors } from '../../catalog_errors.js'
import { DeleteProductCommand } from './delete_product_command.js'

@inject()
export default class DeleteProductHandler implements CommandHandler<DeleteProductCommand> {
  static readonly handles = DeleteProductCommand

  constructor(private readonly products: ProductRepository) {}

  async handle(command: DeleteProductCommand): Promise<Result<void>> {
    const removed = await this.products.remove(ProductId.parse(command.id))
    if (!removed) return failure(CatalogErrors.productNotFound(command.id))
    return success(undefined)
  }
}
