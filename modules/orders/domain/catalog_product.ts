/**
 * The Orders module's own copy of Catalog's product, kept up to date from
 * catalog.product_created events, never read from Catalog's tables.
 */
export interface CatalogProduct {
  id: string
  name: string
  price: number
  category: string | null
}

export abstract class CatalogProductRepository {
  abstract findById(id: string): Promise<CatalogProduct | null>
}
