import { inject } from '@adonisjs/core'
import {
  type CommandHandler,
  entityNotFound,
  failure,
  type Result,
  storedForChange,
  success,
} from '@pantheon/kit/application'
import { ProductId } from '../../../domain/product_id.js'
import { ProductRepository } from '../../../domain/product_repository.js'
import { DeleteProductCommand } from './delete_product_command.js'

@inject()
export default class DeleteProductHandler implements CommandHandler<DeleteProductCommand> {
  static readonly handles = DeleteProductCommand

  constructor(private readonly repository: ProductRepository) {}

  async handle(command: DeleteProductCommand): Promise<Result<void>> {
    // 404 for an id nothing is stored under; 412 when made from a version that is no longer the
    // stored one (a stale If-Match): nothing is changed.
    const found = await storedForChange('Product', command, (id) => this.find(id))
    if (!found.ok) return found
    const existing = found.value
    existing.markDeleted()
    // Removed only while it is the version read here: a change saved meanwhile is never lost.
    const removed = await this.repository.remove(existing)
    return removed ? success(undefined) : failure(entityNotFound('Product', command.id))
  }

  private async find(id: string) {
    return ProductId.isValid(id) ? this.repository.findById(ProductId.parse(id)) : null
  }
}
