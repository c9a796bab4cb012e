import type { HttpContext } from '@adonisjs/core/http'
import { type EndpointDocs, MediatorEndpoint, UUID_PARAM } from '@pantheon/kit/http'
import { GetProductByIdQueryV2 } from '../../application/queries/get_product_by_id_v2/get_product_by_id_query_v2.js'
import { productV2Representation, serializeProductV2 } from './product_v2_serializer.js'

/** v2: GET /api/v2/catalog/:id → 200 with category, createdAt and links, or 404. */
export default class GetProductByIdV2Endpoint extends MediatorEndpoint {
  readonly method = 'get'
  readonly path = '/:id'
  readonly params = { id: UUID_PARAM }
  readonly conditional = true
  readonly docs: EndpointDocs = {
    summary: 'Get a product with its category, creation time and links',
    description:
      'The product with its category (null for a product created through version 1.0), when it was created, and the links to read and delete it.',
    response: { status: 200, description: 'The product', representation: productV2Representation },
    problems: [404],
  }

  async handle(ctx: HttpContext) {
    const result = await this.mediator.query(new GetProductByIdQueryV2(ctx.params.id))
    this.respond(ctx, result, (product) =>
      this.okVersioned(ctx, serializeProductV2(product), product.version)
    )
  }
}
