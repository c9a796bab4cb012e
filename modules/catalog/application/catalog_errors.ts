import { AppError } from '#building_blocks/application/app_error'

/** The expected failures of the Catalog module, one factory per error code. */
export const CatalogErrors = {
  productNotFound: (id: string) =>
    AppError.notFound('Product.NotFound', `Product ${id} was not found`),
}
