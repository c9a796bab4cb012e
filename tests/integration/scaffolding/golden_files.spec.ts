import { test } from '@japa/runner'
import { existsSync } from 'node:fs'
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import app from '@adonisjs/core/services/app'
import { createTwoFilesPatch } from 'diff'
import { appFiles, installOffline } from '#tests/common/kit_app'
import { endpointCommandLine } from '#tests/common/crud_scaffolding'
import { scaffoldInProcess } from '#tests/common/scaffolding'

/**
 * Where the expected files live: one `<path>.golden` per generated file under modules/, and the
 * app's error handler (app/exceptions/handler.ts), the one file of init's own under app/.
 */
const GOLDEN = app.makePath('tests', 'fixtures', 'golden')

/**
 * Two modules generated from a fixed script that touches every generator: an aggregate with
 * every property type and option, its CRUD use cases and endpoints, a command outside CRUD with
 * its fields, the migration, an event published from the aggregate's Created event, and
 * another module's read model of it.
 */
const SCRIPT = [
  ['add-module', 'Catalog'],
  ['add-module', 'Orders'],
  [
    'add-entity',
    'Product',
    '--module',
    'Catalog',
    '--aggregate',
    '--properties',
    'Name:string(120),Notes:text?,Stock:int,Price:decimal(10,2),Ratio:number?,Active:boolean,Launch:date?,Restock:datetime,Sku:uuid?,Tags:json?,Status:enum(draft,live)',
  ],
  ['add-command', 'CreateProduct', '--module', 'Catalog', '--result-type', 'ProductId'],
  ['add-command', 'UpdateProduct', '--module', 'Catalog', '--result-type', 'void'],
  ['add-command', 'PatchProduct', '--module', 'Catalog', '--result-type', 'void'],
  ['add-command', 'DeleteProduct', '--module', 'Catalog', '--result-type', 'void'],
  [
    'add-command',
    'RestockProduct',
    '--module',
    'Catalog',
    '--result-type',
    'void',
    '--fields',
    'Quantity:int,Note:text?',
  ],
  ['add-query', 'GetProductById', '--module', 'Catalog', '--result-type', 'ProductDto'],
  ['add-query', 'ListProducts', '--module', 'Catalog', '--result-type', 'ProductListDto'],
  ...[
    ['CreateProduct', 'POST', '/', '--command', 'CreateProduct', 'ProductId'],
    ['GetProduct', 'GET', '/:id', '--query', 'GetProductById', 'ProductDto'],
    ['UpdateProduct', 'PUT', '/:id', '--command', 'UpdateProduct', 'void'],
    ['PatchProduct', 'PATCH', '/:id', '--command', 'PatchProduct', 'void'],
    ['DeleteProduct', 'DELETE', '/:id', '--command', 'DeleteProduct', 'void'],
    ['ListProducts', 'GET', '/', '--query', 'ListProducts', 'ProductListDto'],
    ['RestockProduct', 'POST', '/:id/restock', '--command', 'RestockProduct', 'void'],
  ].map((endpoint) => endpointCommandLine('Catalog', endpoint)),
  ['add-migration', 'AddProducts', '--module', 'Catalog'],
  ['add-event', 'ProductCreated', '--module', 'Catalog', '--from', 'ProductCreated'],
  // Its version 2, published beside version 1 with the same event id (the migration window).
  [
    'add-event',
    'ProductCreated',
    '--module',
    'Catalog',
    '--version',
    '2',
    '--from',
    'ProductCreated',
  ],
  ['add-consumer', 'ProductCreated', '--module', 'Orders', '--from', 'Catalog', '--read-model'],
]

/**
 * A migration's name starts with the time it was written, in its path and where the module's
 * generated_files.json names it: the same files on every run otherwise.
 */
function stable(text: string): string {
  return text.replaceAll(/migrations\/\d{13}_/g, 'migrations/<timestamp>_')
}

test.group('Generated files', (group) => {
  group.tap((t) => t.tags(['@any-database']))
  test('every file the generators write matches its golden copy in tests/fixtures/golden', async ({
    assert,
    cleanup,
  }) => {
    const workspace = await mkdtemp(join(tmpdir(), 'pantheon-golden-'))
    cleanup(() => rm(workspace, { recursive: true, force: true }))
    // The commands run in this process: the same classes and writes as `node ace`, in seconds.
    await scaffoldInProcess(app.makePath(), ['init', 'Shop', '--out', workspace])
    const shop = join(workspace, 'Shop')
    await installOffline(shop)
    for (const command of SCRIPT) await scaffoldInProcess(shop, command)

    const shopFiles = await appFiles(shop)
    const generated = shopFiles.filter((file) => /^(modules|app)\//.test(file))
    const update = process.env.UPDATE_GOLDEN === '1'
    if (update) await rm(GOLDEN, { recursive: true, force: true })
    const differences: string[] = []
    for (const file of generated) {
      const actual = stable(await readFile(join(shop, file), 'utf8'))
      const golden = join(GOLDEN, `${stable(file)}.golden`)
      if (update) {
        await mkdir(dirname(golden), { recursive: true })
        await writeFile(golden, actual)
        continue
      }
      const expected = existsSync(golden) ? await readFile(golden, 'utf8') : ''
      if (actual !== expected) {
        differences.push(
          createTwoFilesPatch(`golden/${stable(file)}`, stable(file), expected, actual)
        )
      }
    }
    const goldenFiles = await appFiles(GOLDEN)
    const expectedFiles = goldenFiles.map((file) => file.replace(/\.golden$/, ''))
    const missing = expectedFiles.filter((file) => !generated.map(stable).includes(file))
    assert.deepEqual(
      { differences, missing },
      { differences: [], missing: [] },
      'The generators write other files than the golden copies. If the change is meant, run ' +
        'UPDATE_GOLDEN=1 node ace test --files=golden_files.spec.ts and review the diff in git.'
    )
  }).timeout(180_000)
})
