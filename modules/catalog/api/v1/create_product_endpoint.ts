import type { HttpContext } from '@adonisjs/core/http'
import { type EndpointDocs, ID_REPRESENTATION, MediatorEndpoint } from '@pantheon/kit/http'
import { CreateProductCommand } from '../../application/commands/create_product/create_product_command.js'
import createProductValidator from '../../application/commands/create_product/create_product_validator.js'

/** POST /api/v1/catalog → 201 with Location, or problem details. */
export default class CreateProductEndpoint extends MediatorEndpoint {
  readonly method = 'post'
  readonly path = '/'
  readonly docs: EndpointDocs = {
    summary: 'Create a product',
    description: 'Stores a new product and answers its id; Location is the URL to read it at.',
    requestBody: createProductValidator.validator,
    response: {
      status: 201,
      description: 'The id of the new Product',
      representation: ID_REPRESENTATION,
      headers: { Location: 'The URL to read it at' },
    },
  }

  async handle(ctx: HttpContext) {
    const input = { ...ctx.request.body(), ...ctx.params }
    const result = await this.mediator.send(CreateProductCommand.fromInput(input))
    this.respond(ctx, result, (id) => this.created(ctx, id))
  }
}
