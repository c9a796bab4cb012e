import { DateTime } from 'luxon'
import type { LucidUnitOfWork } from '#building_blocks/infrastructure/persistence/lucid_unit_of_work'
import { Price } from '../../domain/price.js'
import { Product } from '../../domain/product.js'
import { ProductId } from '../../domain/product_id.js'
import { ProductRepository } from '../../domain/product_repository.js'
import { ProductModel } from './product_model.js'

/** Products in the catalog_products table, written inside the Catalog unit of work. */
export class LucidProductRepository extends ProductRepository {
  constructor(private readonly unitOfWork: LucidUnitOfWork) {
    super()
  }

  async add(product: Product): Promise<void> {
    this.unitOfWork.track(product)
    await ProductModel.create(
      {
        id: product.id,
        name: product.name,
        price: product.price.amount.toFixed(2),
        category: product.category,
        createdAt: DateTime.fromJSDate(product.createdAt, { zone: 'utc' }),
      },
      { client: this.unitOfWork.client() }
    )
  }

  async findById(id: ProductId): Promise<Product | null> {
    const row = await ProductModel.query({ client: this.unitOfWork.client() })
      .where('id', id)
      .first()
    if (!row) return null
    return Product.restore({
      id: ProductId.parse(row.id),
      name: row.name,
      price: Price.fromStored(row.price),
      category: row.category ?? null,
      createdAt: row.createdAt.toJSDate(),
    })
  }

  async remove(id: ProductId): Promise<boolean> {
    const deleted = await ProductModel.query({ client: this.unitOfWork.client() })
      .where('id', id)
      .delete()
    return Number(Array.isArray(deleted) ? deleted[0] : deleted) > 0
  }
}
