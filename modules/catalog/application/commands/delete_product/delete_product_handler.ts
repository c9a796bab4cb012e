import { inject } from '@adonisjs/core'
import {
  type CommandHandler,
  failure,
  type Result,
  success,
  versionMismatch,
} from '@pantheon/kit/application'
import { ProductId } from '../../../domain/product_id.js'
import { ProductRepository } from '../../../domain/product_repository.js'
import { CatalogErrors } from '../../catalog_errors.js'
import { DeleteProductCommand } from './delete_product_command.js'

@inject()
export default class DeleteProductHandler implements CommandHandler<DeleteProductCommand> {
  static readonly handles = DeleteProductCommand

  constructor(private readonly products: ProductRepository) {}

  async handle(command: DeleteProductCommand): Promise<Result<void>> {
    const id = ProductId.parse(command.id)
    // Made from a version (If-Match): removed only while that version is still the stored one.
    let version: number | undefined
    if (command.expectedVersion !== undefined) {
      const stored = await this.products.versionOf(id)
      if (stored === null) return failure(CatalogErrors.productNotFound(command.id))
      const stale = versionMismatch('Product', command.id, command.expectedVersion, stored)
      if (stale) return failure(stale)
      version = stored
    }
    const removed = await this.products.remove(id, version)
    if (!removed) return failure(CatalogErrors.productNotFound(command.id))
    return success(undefined)
  }
}
