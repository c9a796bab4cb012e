import type { HttpContext } from '@adonisjs/core/http'
import { type EndpointDocs, MediatorEndpoint, UUID_PARAM } from '@pantheon/kit/http'
import { GetProductByIdQuery } from '../../application/queries/get_product_by_id/get_product_by_id_query.js'
import { productV1Representation, serializeProductV1 } from './product_v1_serializer.js'

/** v1: GET /api/catalog/:id → 200 { id, name, price }, or 404 Product.NotFound. */
export default class GetProductByIdEndpoint extends MediatorEndpoint {
  readonly method = 'get'
  readonly path = '/:id'
  readonly params = { id: UUID_PARAM }
  readonly conditional = true
  readonly docs: EndpointDocs = {
    summary: 'Get a product',
    description: 'The product as version 1.0 represents it: its id, name and price.',
    response: { status: 200, description: 'The product', representation: productV1Representation },
    problems: [404],
  }

  async handle(ctx: HttpContext) {
    const result = await this.mediator.query(new GetProductByIdQuery(ctx.params.id))
    this.respond(ctx, result, (product) =>
      this.okVersioned(ctx, serializeProductV1(product), product.version)
    )
  }
}
