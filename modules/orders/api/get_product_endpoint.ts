import type { HttpContext } from '@adonisjs/core/http'
import vine from '@vinejs/vine'
import {
  defineRepresentation,
  type EndpointDocs,
  MediatorEndpoint,
  UUID_PARAM,
} from '@pantheon/kit/http'
import { GetProductQuery } from '../application/queries/get_product/get_product_query.js'

const catalogProductRepresentation = defineRepresentation(
  vine.object({ id: vine.string().uuid(), name: vine.string(), price: vine.number() })
)

/** GET /api/orders/products/:id → 200 from Orders' read model, or 404 Orders.ProductNotFound. */
export default class GetProductEndpoint extends MediatorEndpoint {
  readonly method = 'get'
  readonly path = '/products/:id'
  readonly params = { id: UUID_PARAM }
  readonly docs: EndpointDocs = {
    summary: 'Get a product as Orders knows it',
    description:
      "Orders' own copy of a catalog product, kept up to date from the catalog's ProductCreated events: it may lag the catalog by the time an event takes to arrive.",
    response: {
      status: 200,
      description: 'The product',
      representation: catalogProductRepresentation,
    },
    problems: [404],
  }

  async handle(ctx: HttpContext) {
    const result = await this.mediator.query(new GetProductQuery(ctx.params.id))
    this.respond(ctx, result, (product) => this.ok(ctx, product))
  }
}
