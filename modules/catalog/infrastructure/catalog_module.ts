import { PantheonModule } from '#building_blocks/infrastructure/modules/pantheon_module'
import { ProductRepository } from '../domain/product_repository.js'
import { LucidProductRepository } from './persistence/lucid_product_repository.js'

/**
 * The Catalog module's registration class. Handlers, validators and endpoints are found by
 * convention (see PantheonModule); this class binds what the conventions cannot guess.
 */
export default class CatalogModule extends PantheonModule {
  readonly name = 'catalog'

  protected registerServices(): void {
    this.app.container.singleton(ProductRepository, () => new LucidProductRepository(this.unitOfWork))
  }
}
