import type { HttpContext } from '@adonisjs/core/http'
import { MediatorEndpoint } from '#building_blocks/infrastructure/http/endpoint'
import { CreateProductV2Command } from '../../application/commands/create_product_v2/create_product_v2_command.js'

/** v2: POST /api/v2/catalog with { name, price, category } → 201, Location, the id. */
export default class CreateProductV2Endpoint extends MediatorEndpoint {
  readonly method = 'post'
  readonly path = '/'

  async handle(ctx: HttpContext) {
    const { name, price, category } = ctx.request.body()
    const result = await this.mediator.send(new CreateProductV2Command(name, price, category))
    this.respond(ctx, result, (id) => this.created(ctx, id))
  }
}
