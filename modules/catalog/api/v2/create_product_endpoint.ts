import type { HttpContext } from '@adonisjs/core/http'
import { type EndpointDocs, ID_REPRESENTATION, MediatorEndpoint } from '@pantheon/kit/http'
import { CreateProductV2Command } from '../../application/commands/create_product_v2/create_product_v2_command.js'
import createProductV2Validator from '../../application/commands/create_product_v2/create_product_v2_validator.js'

/** v2: POST /api/v2/catalog with { name, price, category } → 201, Location, the id. */
export default class CreateProductV2Endpoint extends MediatorEndpoint {
  readonly method = 'post'
  readonly path = '/'
  readonly docs: EndpointDocs = {
    summary: 'Create a product with its category',
    description:
      'Stores a product with its name, price and category (surrounding spaces removed from both texts). The answer is its id, and Location is where to read it.',
    requestBody: createProductV2Validator.validator,
    response: {
      status: 201,
      description: 'The id of the new product',
      representation: ID_REPRESENTATION,
      headers: { Location: 'The URL of the new product' },
    },
  }

  async handle(ctx: HttpContext) {
    const { name, price, category } = ctx.request.body()
    const result = await this.mediator.send(new CreateProductV2Command(name, price, category))
    this.respond(ctx, result, (id) => this.created(ctx, id))
  }
}
