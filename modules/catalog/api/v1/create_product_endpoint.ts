import type { HttpContext } from '@adonisjs/core/http'
import { type EndpointDocs, ID_REPRESENTATION, MediatorEndpoint } from '@pantheon/kit/http'
import { CreateProductCommand } from '../../application/commands/create_product/create_product_command.js'
import createProductValidator from '../../application/commands/create_product/create_product_validator.js'

/** v1: POST /api/catalog → 201, Location of the new product, body: its id as a JSON string. */
export default class CreateProductEndpoint extends MediatorEndpoint {
  readonly method = 'post'
  readonly path = '/'
  readonly docs: EndpointDocs = {
    summary: 'Create a product',
    description:
      'Stores a product with its name (surrounding spaces removed) and its price (at most 2 decimals). The answer is its id, and Location is where to read it.',
    requestBody: createProductValidator.validator,
    response: {
      status: 201,
      description: 'The id of the new product',
      representation: ID_REPRESENTATION,
      headers: { Location: 'The URL of the new product' },
    },
  }

  async handle(ctx: HttpContext) {
    const { name, price } = ctx.request.body()
    const result = await this.mediator.send(new CreateProductCommand(name, price))
    this.respond(ctx, result, (id) => this.created(ctx, id))
  }
}
