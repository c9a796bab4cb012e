/**
 * Orders' own copy of a product it can sell: kept up to date from Catalog's integration events,
 * never read from Catalog's tables.
 */
export interface CatalogProduct {
  id: string
  name: string
  price: number
}

export abstract class CatalogProductRepository {
  abstract findById(id: string): Promise<CatalogProduct | null>
}
