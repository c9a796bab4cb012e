import type { LucidUnitOfWork } from '@pantheon/kit/persistence'
import { CatalogProductRepository, type CatalogProduct } from '../../domain/catalog_product.js'

export const CATALOG_PRODUCTS_TABLE = 'orders_catalog_products'

/** Orders' read model of Catalog's products, in its own table. */
export class LucidCatalogProductRepository extends CatalogProductRepository {
  constructor(private readonly unitOfWork: LucidUnitOfWork) {
    super()
  }

  async findById(id: string): Promise<CatalogProduct | null> {
    const row = await this.unitOfWork.client().from(CATALOG_PRODUCTS_TABLE).where('id', id).first()
    return row ? { id: row.id, name: row.name, price: Number(row.price) } : null
  }
}
