import { QueryHandler, Query, type IQueryHandler } from '@nestjs/cqrs'
import { InjectRepository } from '@nestjs/typeorm'
import type { Repository } from 'typeorm'
import { Product } from './product.entity.js'

export interface ProductDto {
  id: string
  name: string
  price: number
}

export class GetProductByIdQuery extends Query<ProductDto | null> {
  constructor(readonly id: string) {
    super()
  }
}

@QueryHandler(GetProductByIdQuery)
export class GetProductByIdHandler implements IQueryHandler<
  GetProductByIdQuery,
  ProductDto | null
> {
  constructor(@InjectRepository(Product) private readonly products: Repository<Product>) {}

  async execute({ id }: GetProductByIdQuery): Promise<ProductDto | null> {
    const product = await this.products.findOne({
      where: { id },
      select: { id: true, name: true, price: true },
    })
    return product && { id: product.id, name: product.name, price: Number(product.price) }
  }
}
