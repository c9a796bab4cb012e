// Edited after generation: also binds ProductReadModel, which the GET handlers read from.
import { PantheonModule } from '@pantheon/kit/modules'
import { catalogApiVersions } from './catalog_api_versions.js'
import catalogIndex from './catalog_index.js'
import { ProductReadModel } from '../application/product_read_model.js'
import { ProductRepository } from '../domain/product_repository.js'
import { LucidProductReadModel } from './persistence/lucid_product_read_model.js'
import { LucidProductRepository } from './persistence/lucid_product_repository.js'
import { productCreatedEvent } from '../integration/product_created.js'

/**
 * The Catalog module's registration class: an AdonisJS service provider found by the
 * glob in adonisrc.ts. Its handlers, validators and endpoints are listed in its index, which
 * the scaffolding commands keep up to date; bind the module's own services (repositories) in
 * registerServices.
 */
export default class CatalogModule extends PantheonModule {
  readonly name = 'catalog'
  readonly apiVersions = catalogApiVersions
  readonly index = catalogIndex
  /** Its AsyncAPI document (/asyncapi/<module>.json, docs/asyncapi/) lists these. */
  readonly publishes = [productCreatedEvent]

  protected registerServices(): void {
    this.app.container.singleton(
      ProductRepository,
      () => new LucidProductRepository(this.unitOfWork)
    )
    this.app.container.singleton(ProductReadModel, () => new LucidProductReadModel(this.unitOfWork))
  }
}
