// Edited after generation: served at /products/:id, the route Orders has always answered on.
import type { HttpContext } from '@adonisjs/core/http'
import vine from '@vinejs/vine'
import {
  defineRepresentation,
  type EndpointDocs,
  MediatorEndpoint,
  type RepresentationOf,
  UUID_PARAM,
} from '@pantheon/kit/http'
import { GetCatalogProductQuery } from '../application/queries/get_catalog_product/get_catalog_product_query.js'

/** The response body, derived from the event's payload like the DTO it describes. */
const catalogProductRepresentation = defineRepresentation(
  vine.object({
    id: vine.string().uuid(),
    name: vine.string(),
    price: vine.number(),
    category: vine.string().nullable(),
  })
)

/** GET /api/orders/products/:id → 200 from the Orders module's read model, or 404. */
export default class GetCatalogProductEndpoint extends MediatorEndpoint {
  readonly method = 'get'
  readonly path = '/products/:id'
  readonly params = { id: UUID_PARAM }
  readonly docs: EndpointDocs = {
    summary: 'Get a product as the Orders module knows it',
    description:
      "The Orders module's own copy of Catalog's product, kept up to date from catalog.product_created events: it may lag Catalog by the time an event takes to arrive.",
    response: {
      status: 200,
      description: 'The product',
      representation: catalogProductRepresentation,
    },
    problems: [404],
  }

  async handle(ctx: HttpContext) {
    const result = await this.mediator.query(new GetCatalogProductQuery(ctx.params.id))
    this.respond(ctx, result, (value) =>
      this.ok(ctx, value satisfies RepresentationOf<typeof catalogProductRepresentation>)
    )
  }
}
