// Edited after generation: answers the version 2.0 representation of the specification (product_v2_serializer.ts), with an ETag.
import type { HttpContext } from '@adonisjs/core/http'
import { type EndpointDocs, MediatorEndpoint, UUID_PARAM } from '@pantheon/kit/http'
import { GetProductByIdV2Query } from '../../application/queries/get_product_by_id_v2/get_product_by_id_v2_query.js'
import { productV2Representation, serializeProductV2 } from './product_v2_serializer.js'

/** GET /api/v2/catalog/:id → 200, or problem details. */
export default class GetProductByIdEndpoint extends MediatorEndpoint {
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
    const input = { ...ctx.request.qs(), ...ctx.params }
    const result = await this.mediator.query(GetProductByIdV2Query.fromInput(input))
    this.respond(ctx, result, (value) =>
      this.okVersioned(ctx, serializeProductV2(value), value.version)
    )
  }
}
