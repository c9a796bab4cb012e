import {
  Body,
  Controller,
  Get,
  HttpCode,
  NotFoundException,
  Param,
  Post,
  Res,
} from '@nestjs/common'
import { CommandBus, QueryBus } from '@nestjs/cqrs'
import type { FastifyReply } from 'fastify'
import { CreateProductBody } from './create_product.dto.js'
import { CreateProductCommand } from './create_product.js'
import { GetProductByIdQuery, type ProductDto } from './get_product.js'
import { Problem } from './problem_details.js'

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

@Controller()
export class CatalogController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus
  ) {}

  @Get(['api/catalog/:id', 'api/v1/catalog/:id'])
  async getProduct(@Param('id') id: string): Promise<ProductDto> {
    // Pantheon's route only matches a UUID: anything else is no route at all.
    if (!UUID.test(id)) throw new NotFoundException()
    const product = await this.queries.execute(new GetProductByIdQuery(id))
    if (!product) {
      const detail = `Product ${id} was not found`
      throw new Problem(404, 'Product.NotFound', detail, [
        { code: 'Product.NotFound', message: detail },
      ])
    }
    return product
  }

  @Post('api/catalog')
  @HttpCode(201)
  async createProduct(
    @Body() body: CreateProductBody,
    @Res({ passthrough: true }) reply: FastifyReply
  ): Promise<string> {
    const id = await this.commands.execute(new CreateProductCommand(body.name, body.price))
    reply.header('location', `/api/catalog/${id}`)
    reply.header('content-type', 'application/json; charset=utf-8')
    return JSON.stringify(id)
  }
}
