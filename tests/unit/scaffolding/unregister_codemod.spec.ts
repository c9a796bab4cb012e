import { test } from '@japa/runner'
import { unregisterImports } from '#kit/scaffolding/unregister_codemod'

test.group('Unregistering what a removal deletes', (group) => {
  group.tap((t) => t.tags(['@any-database']))
  const REGISTRATION = `import { PantheonModule } from '@pantheon/kit/modules'
import catalogIndex from './catalog_index.js'
import { productCreatedEvent } from '../integration/product_created.js'
import { ProductRepository } from '../domain/product_repository.js'
import { LucidProductRepository } from './persistence/lucid_product_repository.js'

export default class CatalogModule extends PantheonModule {
  readonly index = catalogIndex
  readonly publishes = [productCreatedEvent]

  protected registerServices(): void {
    this.app.container.singleton(
      ProductRepository,
      () => new LucidProductRepository(this.unitOfWork)
    )
  }
}
`
  test('takes out the imports of deleted files and the binding that uses them', async ({
    assert,
  }) => {
    const result = await unregisterImports(REGISTRATION, 'catalog_module.ts', (specifier) =>
      specifier.includes('product_repository')
    )
    assert.deepEqual(result.leftover, [])
    assert.notInclude(result.source, 'ProductRepository')
    assert.include(result.source, 'readonly publishes = [productCreatedEvent]')
    assert.include(result.source, 'protected registerServices(): void {')
  })

  test('takes a deleted contract out of publishes, and changes nothing the second time', async ({
    assert,
  }) => {
    const once = await unregisterImports(REGISTRATION, 'catalog_module.ts', (specifier) =>
      specifier.includes('product_created')
    )
    assert.include(once.source, 'readonly publishes = []')
    const twice = await unregisterImports(once.source, 'catalog_module.ts', (specifier) =>
      specifier.includes('product_created')
    )
    assert.equal(twice.source, once.source)
  })

  test('names a use it cannot take out, and leaves the file as it was', async ({ assert }) => {
    const source = `import { price } from './price.js'\nexport const total = price * 2\n`
    const result = await unregisterImports(source, 'total.ts', () => true)
    assert.deepEqual(result.leftover, ['price'])
    assert.equal(result.source, source)
  })
})
