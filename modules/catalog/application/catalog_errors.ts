import { AppError } from '@pantheon/kit/application'

/** The expected failures of the Catalog module, one factory per error code. */
export const CatalogErrors = {
  productNotFound: (id: string) =>
    AppError.notFound('Product.NotFound', `Product ${id} was not found`),
}
