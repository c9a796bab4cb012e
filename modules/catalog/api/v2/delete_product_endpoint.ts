import type { HttpContext } from '@adonisjs/core/http'
import { type EndpointDocs, MediatorEndpoint, UUID_PARAM } from '@pantheon/kit/http'
import { DeleteProductCommand } from '../../application/commands/delete_product/delete_product_command.js'

/**
 * v2: DELETE /api/v2/catalog/:id → 204, 404 Product.NotFound, or 412 Product.VersionMismatch
 * when If-Match names a version that is no longer the stored one.
 */
export default class DeleteProductEndpoint extends MediatorEndpoint {
  readonly method = 'delete'
  readonly path = '/:id'
  readonly params = { id: UUID_PARAM }
  readonly conditional = true
  readonly docs: EndpointDocs = {
    summary: 'Delete a product',
    description: 'Removes the product for good: reading it afterwards answers 404.',
    response: { status: 204, description: 'The product is deleted' },
    problems: [404],
  }

  async handle(ctx: HttpContext) {
    const command = new DeleteProductCommand(ctx.params.id).expecting(this.expectedVersion(ctx))
    const result = await this.mediator.send(command)
    this.respond(ctx, result, () => this.noContent(ctx))
  }
}
