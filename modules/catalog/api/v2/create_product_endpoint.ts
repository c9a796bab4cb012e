// Edited after generation: its documentation, now that its handler is written (no 501).
import type { HttpContext } from '@adonisjs/core/http'
import { type EndpointDocs, ID_REPRESENTATION, MediatorEndpoint } from '@pantheon/kit/http'
import { CreateProductV2Command } from '../../application/commands/create_product_v2/create_product_v2_command.js'
import createProductV2Validator from '../../application/commands/create_product_v2/create_product_v2_validator.js'

/** POST /api/v2/catalog → 201 with Location, or problem details. */
export default class CreateProductEndpoint extends MediatorEndpoint {
  readonly method = 'post'
  readonly path = '/'
  readonly docs: EndpointDocs = {
    summary: 'Create a product with its category',
    description:
      'Stores a product with its name, price and category (surrounding spaces removed from both texts). The answer is its id, and Location is where to read it.',
    requestBody: createProductV2Validator.validator,
    response: {
      status: 201,
      description: 'The id of the new Product',
      representation: ID_REPRESENTATION,
      headers: { Location: 'The URL to read it at' },
    },
  }

  async handle(ctx: HttpContext) {
    const input = { ...ctx.request.body(), ...ctx.params }
    const result = await this.mediator.send(CreateProductV2Command.fromInput(input))
    this.respond(ctx, result, (id) => this.created(ctx, id))
  }
}
