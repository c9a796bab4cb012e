import { test } from '@japa/runner'
import { existsSync } from 'node:fs'
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import app from '@adonisjs/core/services/app'
import { verifyModules } from '@pantheon/kit/testing'
import { installOffline } from '#tests/common/kit_app'
import { scaffoldInProcess } from '#tests/common/scaffolding'

/** Why verifyModules refused the app; undefined when it passed. */
async function refusal(root: string): Promise<string | undefined> {
  return verifyModules({ baseDir: root }).then(
    () => undefined,
    (error: Error) => error.message
  )
}

/**
 * One app made by `init` with the kit installed from its tarball, as a user has it (the
 * cruise resolves the modules' imports of @pantheon/kit to its compiled files), and two
 * modules; each test plants one violation and takes it out again.
 */
test.group('verifyModules in an app made by init', (group) => {
  group.tap((t) => t.tags(['@any-database']))
  let workspace: string
  let root: string
  const path = (file: string) => join(root, file)
  /** Writes `lines` at the top of the file; returns what puts it back. */
  const plant = async (file: string, lines: string[]) => {
    const source = await readFile(path(file), 'utf8')
    await writeFile(path(file), `${lines.join('\n')}\n${source}`)
    return () => writeFile(path(file), source)
  }

  group.setup(async () => {
    workspace = await mkdtemp(join(tmpdir(), 'pantheon-verify-modules-'))
    await scaffoldInProcess(app.makePath(), ['init', 'Shop', '--out', workspace])
    root = join(workspace, 'Shop')
    await installOffline(root)
    const script = [
      ['add-module', 'Catalog'],
      ['add-module', 'Orders'],
      ['add-entity', 'Product', '--module', 'Catalog', '--properties', 'Name:string'],
      ['add-command', 'CreateProduct', '--module', 'Catalog', '--result-type', 'ProductId'],
    ]
    for (const command of script) await scaffoldInProcess(root, command)
    return () => rm(workspace, { recursive: true, force: true })
  })

  test('one test of the app checks every module; add-module writes no rule file of its own', async ({
    assert,
  }) => {
    const verified = await verifyModules({ baseDir: root })
    assert.deepEqual(verified.modules, ['modules/catalog', 'modules/orders'])
    assert.isAtLeast(verified.dependencies, 20)

    assert.isFalse(existsSync(path('modules/catalog/tests/architecture')))
    assert.include(
      await readFile(path('tests/architecture/solution.spec.ts'), 'utf8'),
      'await verifyModules()'
    )
  })

  test("a module reaching into another module's domain: the rule, the file and its import", async ({
    assert,
    cleanup,
  }) => {
    const restore = await plant(
      'modules/orders/application/queries/get_orders_sample/get_orders_sample_handler.ts',
      [
        "import type { Product } from '../../../../catalog/domain/product.js'",
        'export type Sold = Product',
      ]
    )
    cleanup(restore)

    const message = await refusal(root)
    assert.isDefined(message, 'verifyModules passed over the planted violation')
    assert.include(message, '1 architecture rule violation(s)')
    assert.include(
      message,
      'modules/orders (or something it imports) breaks 1 architecture rule(s)'
    )
    assert.include(
      message,
      '- no-cross-module-internals: modules/orders/application/queries/get_orders_sample/get_orders_sample_handler.ts -> modules/catalog/domain/product.ts'
    )
  })

  test('a domain file importing its application layer: the layer rule, the file and its import', async ({
    assert,
    cleanup,
  }) => {
    const restore = await plant('modules/catalog/domain/product.ts', [
      "import type { CreateProductCommand } from '../application/commands/create_product/create_product_command.js'",
      'export type Creates = CreateProductCommand',
    ])
    cleanup(restore)

    const message = await refusal(root)
    assert.isDefined(message, 'verifyModules passed over the planted violation')
    assert.include(
      message,
      '- domain-imports-only-domain: modules/catalog/domain/product.ts -> modules/catalog/application/commands/create_product/create_product_command.ts'
    )
    assert.notInclude(message, 'modules/orders (or something')
  })
})
