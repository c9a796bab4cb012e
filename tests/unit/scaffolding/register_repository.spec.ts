import { test } from '@japa/runner'
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises'
import { readFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import app from '@adonisjs/core/services/app'
import * as prettier from 'prettier'
import { FilePlan } from '#kit/scaffolding/file_plan'
import { contentHash, serializeGeneratedFiles } from '#kit/scaffolding/generated_files'
import { readKitRegistration } from '#kit/scaffolding/kit_registration_text'
import { planRepositoryBinding, registerRepository } from '#kit/scaffolding/register_repository'
import { readRegistrationSource } from '#kit/scaffolding/registration_source'

const BINDING = {
  token: 'ProductRepository',
  tokenImport: '../domain/product_repository.js',
  implementation: 'LucidProductRepository',
  implementationImport: './persistence/lucid_product_repository.js',
}

const EMPTY = `import { PantheonModule } from '@pantheon/kit/modules'

export default class CatalogModule extends PantheonModule {
  readonly name = 'catalog'

  protected registerServices(): void {}
}
`

const BOUND = `import { PantheonModule } from "@pantheon/kit/modules";
import { OrderRepository } from '../domain/order_repository.js'
import type { Unused } from './types.js'
import * as everything from './all.js'

// registerServices() { container.singleton(ProductRepository, ...) } in a comment binds nothing
class OrdersModule extends PantheonModule {
  @decorated()
  protected registerServices(): void {
    this.app.container.singleton(OrderRepository, () => new LucidOrderRepository(this.unitOfWork))
    if (process.env.X) container.singleton(Audit, () => new Audit())
    this.app.container.bind(Clock, () => new Clock())
  }
}
export { OrdersModule as default }
`

test.group('Registering a repository', (group) => {
  group.tap((t) => t.tags(['@any-database']))
  test('the TypeScript parser prettier brings and ts-morph read a registration class alike', async ({
    assert,
  }) => {
    // A method whose name is computed from a variable is not registerServices().
    const computed =
      'const registerServices = "x"\nexport default class M {\n  [registerServices]() {}\n}\n'
    for (const source of [EMPTY, BOUND, computed, 'export const a = 1\n', '']) {
      assert.deepEqual(
        await readRegistrationSource(source, 'module.ts'),
        await readRegistrationSource(source, 'module.ts', { parser: 'ts-morph' }),
        source
      )
    }
    const bound = await readRegistrationSource(BOUND, 'module.ts')
    assert.deepEqual(bound.method?.boundTokens, ['OrderRepository', 'Audit'])
    assert.deepEqual(bound.importedNames, ['PantheonModule', 'OrderRepository', 'Unused'])
  })

  test('the lines of a registration class as the kit writes it read as the parser reads them', async ({
    assert,
  }) => {
    const preset = '@adonisjs/prettier-config'
    const { default: config } = (await import(preset)) as { default: object }
    const kitLayout = (source: string) =>
      prettier.format(source, { ...config, parser: 'typescript' })
    // As add-module writes it, then bound to repositories of short and long names one by one:
    // a binding too long for one line is wrapped by prettier, as add-entity's plan does.
    let source = await kitLayout(
      EMPTY.replace(
        "import { PantheonModule } from '@pantheon/kit/modules'\n",
        "import { PantheonModule } from '@pantheon/kit/modules'\nimport catalogIndex from './catalog_index.js'\n"
      ).replace('export default', '/** The module. */\nexport default')
    )
    const sources = [source]
    for (const name of ['Shelf', 'Book', 'AVeryLongNameForAnEntityOfThisCatalogue', 'Pen']) {
      source = await kitLayout(
        await registerRepository(source, 'catalog_module.ts', {
          token: `${name}Repository`,
          tokenImport: `../domain/${name.toLowerCase()}_repository.js`,
          implementation: `Lucid${name}Repository`,
          implementationImport: `./persistence/lucid_${name.toLowerCase()}_repository.js`,
        })
      )
      sources.push(source)
    }
    assert.match(source, /singleton\(\n\s+AVeryLong/, 'one binding is wrapped')
    for (const text of sources) {
      const read = readKitRegistration(text)
      assert.isDefined(read, text)
      assert.deepEqual(read, await readRegistrationSource(text, 'catalog_module.ts'), text)
    }
    assert.deepEqual(readKitRegistration(source)?.method?.boundTokens, [
      'ShelfRepository',
      'BookRepository',
      'AVeryLongNameForAnEntityOfThisCatalogueRepository',
      'PenRepository',
    ])

    // The reference app's Orders module, as the kit wrote it (Catalog's was edited by hand).
    const orders = app.makePath('modules', 'orders', 'infrastructure', 'orders_module.ts')
    const ordersText = await readFile(orders, 'utf8')
    assert.isDefined(readKitRegistration(ordersText))
    assert.deepEqual(
      readKitRegistration(ordersText),
      await readRegistrationSource(ordersText, orders)
    )

    // Any other layout is left to the parser.
    const bound = source.replace(
      '  }\n}',
      '    this.app.container.bind(Clock, () => new Clock())\n  }\n}'
    )
    const commented = source.replace(
      '    this.app.container.singleton(ShelfRepository',
      '    // Shelves first.\n    this.app.container.singleton(ShelfRepository'
    )
    const lateImport = `${source}import { Late } from './late.js'\n`
    for (const text of [BOUND, bound, commented, lateImport, 'export const a = 1\n', '']) {
      assert.isUndefined(readKitRegistration(text), text)
    }
  })

  test('a registration class with a syntax error is read as ts-morph reads it, not refused', async ({
    assert,
  }) => {
    const halfWritten = BOUND.replace(
      'this.app.container.bind(Clock',
      'this.app.container.bind(Clock,,'
    )
    assert.deepEqual(
      await readRegistrationSource(halfWritten, 'module.ts'),
      await readRegistrationSource(halfWritten, 'module.ts', { parser: 'ts-morph' })
    )
  })

  test('binds the repository in an empty registerServices(), with its imports', async ({
    assert,
  }) => {
    assert.equal(
      await registerRepository(EMPTY, 'catalog_module.ts', BINDING),
      `import { PantheonModule } from '@pantheon/kit/modules'
import { ProductRepository } from '../domain/product_repository.js'
import { LucidProductRepository } from './persistence/lucid_product_repository.js'

export default class CatalogModule extends PantheonModule {
  readonly name = 'catalog'

  protected registerServices(): void {
    this.app.container.singleton(ProductRepository, () => new LucidProductRepository(this.unitOfWork))
  }
}
`
    )
  })

  test('adds the binding after the others, and nothing the second time', async ({ assert }) => {
    const once = await registerRepository(BOUND, 'orders_module.ts', BINDING)
    assert.include(
      once,
      `    this.app.container.bind(Clock, () => new Clock())
    this.app.container.singleton(ProductRepository, () => new LucidProductRepository(this.unitOfWork))
  }`
    )
    assert.include(
      once,
      `import * as everything from './all.js'
import { ProductRepository } from '../domain/product_repository.js'`
    )
    assert.equal(await registerRepository(once, 'orders_module.ts', BINDING), once)
  })

  test('a file without registerServices() is refused, naming it', async ({ assert }) => {
    await assert.rejects(
      () => registerRepository('export const a = 1\n', 'catalog_module.ts', BINDING),
      'catalog_module.ts has no registerServices() method to register ProductRepository in'
    )
  })

  test('the edit is in the house style only when the file is as a generator wrote it', async ({
    assert,
  }) => {
    const root = await mkdtemp(join(tmpdir(), 'register-repository-'))
    const module = {
      root,
      registrationFile: join(root, 'infrastructure', 'catalog_module.ts'),
    }
    await mkdir(join(root, 'infrastructure'))
    const houseStyleOfEdit = async () => {
      const plan = new FilePlan(root)
      await planRepositoryBinding(plan, module, BINDING)
      const flags: Array<boolean | undefined> = []
      await plan.format(async (_path, contents, houseStyle) => {
        flags.push(houseStyle)
        return contents
      })
      return flags
    }
    const record = {
      files: { 'infrastructure/catalog_module.ts': contentHash(EMPTY) },
      recipes: {},
    }
    try {
      await writeFile(module.registrationFile, EMPTY)
      assert.deepEqual(await houseStyleOfEdit(), [false], 'no record of generated files')
      await writeFile(join(root, 'generated_files.json'), serializeGeneratedFiles(record))
      assert.deepEqual(await houseStyleOfEdit(), [true])
      await writeFile(module.registrationFile, EMPTY.replace('catalog', 'catalogue'))
      assert.deepEqual(await houseStyleOfEdit(), [false], 'edited by hand')
    } finally {
      await rm(root, { recursive: true, force: true })
    }
  })
})
