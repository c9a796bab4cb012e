import type { HttpContext } from '@adonisjs/core/http'
import { type EndpointDocs, MediatorEndpoint, UUID_PARAM } from '@pantheon/kit/http'
import { DeleteProductCommand } from '../../application/commands/delete_product/delete_product_command.js'

/** DELETE /api/v2/catalog/:id → 204, or problem details. */
export default class DeleteProductEndpoint extends MediatorEndpoint {
  readonly method = 'delete'
  readonly path = '/:id'
  readonly params = { id: UUID_PARAM }
  readonly conditional = true
  readonly docs: EndpointDocs = {
    summary: 'Delete a product',
    description: 'Removes the product with this id; 404 when there is none.',
    response: {
      status: 204,
      description: 'Done (no body)',
    },
    problems: [404],
  }

  async handle(ctx: HttpContext) {
    const input = { ...ctx.request.body(), ...ctx.params }
    const command = DeleteProductCommand.fromInput(input).expecting(this.expectedVersion(ctx))
    const result = await this.mediator.send(command)
    this.respond(ctx, result, () => this.noContent(ctx))
  }
}
