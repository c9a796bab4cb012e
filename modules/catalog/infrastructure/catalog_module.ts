import { PantheonModule } from '@pantheon/kit/modules'
import { ProductReadModel } from '../application/product_read_model.js'
import { ProductRepository } from '../domain/product_repository.js'
import { productCreatedEvent } from '../integration/product_created.js'
import { catalogApiVersions } from './catalog_api_versions.js'
import catalogIndex from './catalog_index.js'
import { LucidProductReadModel } from './persistence/lucid_product_read_model.js'
import { LucidProductRepository } from './persistence/lucid_product_repository.js'

/**
 * The Catalog module's registration class. Handlers, validators and endpoints are listed in
 * its index (catalog_index.ts, generated); this class binds what the conventions cannot guess.
 */
export default class CatalogModule extends PantheonModule {
  readonly name = 'catalog'
  readonly apiVersions = catalogApiVersions
  readonly index = catalogIndex
  /** Its AsyncAPI document (/asyncapi/catalog.json, docs/asyncapi/catalog.json) lists these. */
  readonly publishes = [productCreatedEvent]

  protected registerServices(): void {
    this.app.container.singleton(
      ProductRepository,
      () => new LucidProductRepository(this.unitOfWork)
    )
    this.app.container.singleton(ProductReadModel, () => new LucidProductReadModel(this.unitOfWork))
  }
}
