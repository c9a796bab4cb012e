// Edited after generation: answers the version 1.0 representation of the specification (product_v1_serializer.ts), which leaves the version to the ETag.
import type { HttpContext } from '@adonisjs/core/http'
import { type EndpointDocs, MediatorEndpoint, UUID_PARAM } from '@pantheon/kit/http'
import { GetProductByIdQuery } from '../../application/queries/get_product_by_id/get_product_by_id_query.js'
import { productV1Representation, serializeProductV1 } from './product_v1_serializer.js'

/** GET /api/v1/catalog/:id → 200, or problem details. */
export default class GetProductByIdEndpoint extends MediatorEndpoint {
  readonly method = 'get'
  readonly path = '/:id'
  readonly params = { id: UUID_PARAM }
  readonly conditional = true
  readonly docs: EndpointDocs = {
    summary: 'Get a product',
    description: 'The product as version 1.0 represents it: its id, name and price.',
    response: {
      status: 200,
      description: 'The Product',
      representation: productV1Representation,
    },
    problems: [404],
  }

  async handle(ctx: HttpContext) {
    const input = { ...ctx.request.qs(), ...ctx.params }
    const result = await this.mediator.query(GetProductByIdQuery.fromInput(input))
    this.respond(ctx, result, (value) =>
      this.okVersioned(ctx, serializeProductV1(value), value.version)
    )
  }
}
