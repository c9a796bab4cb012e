import type { QueryClientContract } from '@adonisjs/lucid/types/database'
import { PreparedRead, type LucidUnitOfWork } from '@pantheon/kit/persistence'
import { CatalogProductRepository, type CatalogProduct } from '../../domain/catalog_product.js'

export const CATALOG_PRODUCTS_TABLE = 'orders_catalog_products'

/** A row of orders_catalog_products, as the drivers return it. */
interface CatalogProductRow {
  id: string
  name: string
  price: string | number
  category: string | null
}

/** Read on every GET of one: its SQL is built once, and runs as a prepared statement. */
const catalogProductById = new PreparedRead<CatalogProductRow>((query, parameter) =>
  query
    .from(CATALOG_PRODUCTS_TABLE)
    .select('id', 'name', 'price', 'category')
    .where('id', parameter(0))
    .limit(1)
)

/** The Orders module's copy of Catalog's product, in its own table. */
export class LucidCatalogProductRepository extends CatalogProductRepository {
  constructor(private readonly unitOfWork: LucidUnitOfWork) {
    super()
  }

  async findById(id: string): Promise<CatalogProduct | null> {
    const row = await catalogProductById.first(this.unitOfWork, [id])
    return row ? fromCatalogProductRow(row) : null
  }
}

/**
 * Inserts the CatalogProduct, or replaces the stored one with the same id: an event delivered
 * again, or a later one about the same product, leaves one row with its latest values.
 */
export async function upsertCatalogProduct(
  client: QueryClientContract,
  model: CatalogProduct
): Promise<void> {
  const row = {
    id: model.id,
    name: model.name,
    price: model.price,
    category: model.category,
  }
  await client
    .insertQuery()
    .table(CATALOG_PRODUCTS_TABLE)
    .insert(row)
    .knexQuery.onConflict('id')
    .merge()
}

function fromCatalogProductRow(row: CatalogProductRow): CatalogProduct {
  return {
    id: row.id,
    name: row.name,
    price: Number(row.price),
    category: row.category ?? null,
  }
}
