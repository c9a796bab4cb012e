import { test } from '@japa/runner'
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { reindexModules } from '#kit/kit/hooks'
import { staleModuleIndexes, writeModuleIndexes } from '#kit/scaffolding/module_indexes'

/** An app with one module: its registration class and a query with its handler. */
async function appWithModule(root: string) {
  const files = {
    'modules/shop/infrastructure/shop_module.ts': 'export default class ShopModule {}\n',
    'modules/shop/application/queries/ping/ping_query.ts': 'export class PingQuery {}\n',
    'modules/shop/application/queries/ping/ping_handler.ts':
      'export default class PingHandler {}\n',
    'modules/shop/api/v2/ping_endpoint.ts': 'export default class PingEndpoint {}\n',
  }
  for (const [file, contents] of Object.entries(files)) {
    await mkdir(dirname(join(root, file)), { recursive: true })
    await writeFile(join(root, file), contents)
  }
}

const INDEX = 'modules/shop/infrastructure/shop_index.ts'

test.group('Module indexes', (group) => {
  group.tap((t) => t.tags(['@any-database']))
  let root: string
  group.each.setup(async () => {
    root = await mkdtemp(join(tmpdir(), 'pantheon-index-'))
    await appWithModule(root)
    return () => rm(root, { recursive: true, force: true })
  })

  test('are written from the files of each module, by section', async ({ assert }) => {
    assert.deepEqual(await staleModuleIndexes(root), [INDEX], 'a missing index is stale')
    assert.deepEqual(await writeModuleIndexes(root), [INDEX])

    const index = await readFile(join(root, INDEX), 'utf8')
    assert.include(index, "import * as PingQuery from '../application/queries/ping/ping_query.js'")
    assert.include(index, "import PingHandler from '../application/queries/ping/ping_handler.js'")
    assert.include(index, "    'application/queries/ping/ping_handler.ts': PingHandler,")
    assert.include(index, "    'api/v2/ping_endpoint.ts': PingEndpoint,")
    assert.include(index, '  consumers: {},')
    assert.deepEqual(await staleModuleIndexes(root), [])
    assert.deepEqual(await writeModuleIndexes(root), [], 'a second run writes nothing')
  })

  test('are reported stale when a file is added by hand, and again fresh once rewritten', async ({
    assert,
  }) => {
    await writeModuleIndexes(root)
    await mkdir(join(root, 'modules/shop/infrastructure/consumers'))
    await writeFile(
      join(root, 'modules/shop/infrastructure/consumers/order_placed_consumer.ts'),
      'export default 1\n'
    )

    assert.deepEqual(await staleModuleIndexes(root), [INDEX])
    await writeModuleIndexes(root)
    assert.include(
      await readFile(join(root, INDEX), 'utf8'),
      "'infrastructure/consumers/order_placed_consumer.ts': OrderPlacedConsumer,"
    )
    assert.deepEqual(await staleModuleIndexes(root), [])
  })

  test('are reported stale when edited by hand', async ({ assert }) => {
    await writeModuleIndexes(root)
    const index = await readFile(join(root, INDEX), 'utf8')
    await writeFile(join(root, INDEX), index.replace('PingHandler,', ''))
    assert.deepEqual(await staleModuleIndexes(root), [INDEX])
  })
})

test.group('Module index names', (group) => {
  group.tap((t) => t.tags(['@any-database']))
  let root: string
  group.each.setup(async () => {
    root = await mkdtemp(join(tmpdir(), 'pantheon-index-names-'))
    return () => rm(root, { recursive: true, force: true })
  })

  test('are unique, valid identifiers whatever the file names', async ({ assert }) => {
    const files = [
      'modules/shop/infrastructure/shop_module.ts',
      'modules/shop/api/v1/create_product_endpoint.ts',
      'modules/shop/api/v2/create_product_endpoint.ts',
      'modules/shop/api/v1_create_product_endpoint.ts',
      'modules/shop/api/get-thing_endpoint.ts',
      'modules/shop/application/commands/a.v2_validator.ts',
      'modules/shop/application/commands/2fa/2fa_handler.ts',
    ]
    for (const file of files) {
      await mkdir(dirname(join(root, file)), { recursive: true })
      await writeFile(join(root, file), 'export default class {}\n')
    }
    await writeModuleIndexes(root)
    const index = await readFile(join(root, INDEX), 'utf8')
    const names = [...index.matchAll(/^import (?:\* as )?(\S+) from/gm)].map((match) => match[1])

    // Every file but the registration class, which imports the index.
    assert.lengthOf(names, 6)
    assert.lengthOf(new Set(names), 6, names.join(', '))
    for (const name of names) assert.match(name, /^[A-Za-z_][A-Za-z0-9_]*$/)
    assert.includeMembers(names, [
      'V1CreateProductEndpoint',
      'V2CreateProductEndpoint',
      'GetThingEndpoint',
    ])
  })
})

test.group('Module index hooks', (group) => {
  group.tap((t) => t.tags(['@any-database']))
  let root: string
  let cwd: string
  group.each.setup(async () => {
    root = await mkdtemp(join(tmpdir(), 'pantheon-index-hooks-'))
    await appWithModule(root)
    cwd = process.cwd()
    process.chdir(root)
    return async () => {
      process.chdir(cwd)
      await rm(root, { recursive: true, force: true })
    }
  })

  test('a file added under modules/ while the dev server watches rewrites the index', async ({
    assert,
  }) => {
    await reindexModules().run('README.md')
    assert.deepEqual(
      await staleModuleIndexes(root),
      [INDEX],
      'files outside modules/ change nothing'
    )

    await reindexModules().run('modules/shop/api/v2/ping_endpoint.ts')
    assert.deepEqual(await staleModuleIndexes(root), [])
  })
})
