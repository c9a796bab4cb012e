import { test } from '@japa/runner'
import { execFileSync } from 'node:child_process'
import app from '@adonisjs/core/services/app'
import ListEndpoints from '#commands/list_endpoints'
import ListEntities from '#commands/list_entities'
import ListModules from '#commands/list_modules'
import RemoveModule from '#commands/remove_module'
import { runCommand } from '#tests/common/scaffolding'

/** What git sees changed in the checkout, untracked files included (ignored ones, tmp/, left out). */
function checkoutChanges(root: string): string {
  return execFileSync('git', ['status', '--porcelain', '--untracked-files=all'], {
    cwd: root,
    encoding: 'utf8',
  })
}

/** What a listing command prints with --json about this repository's modules. */
async function listed<T>(command: Parameters<typeof runCommand>[0]): Promise<T[]> {
  const { output, exitCode } = await runCommand(command, ['--json'], { appRoot: app.makePath() })
  if (exitCode !== 0) throw new Error(output)
  return JSON.parse(output) as T[]
}

/**
 * The inspecting and removing commands on the reference app itself, not only on apps made by
 * `init`: its modules are generator output with files edited and written by hand
 * (bin/scaffold_reference_app.sh).
 */
test.group('The kit commands on the reference app', () => {
  test('list:modules, list:entities and list:endpoints describe Catalog and Orders', async ({
    assert,
  }) => {
    const modules = await listed<{ module: string; apiVersions: string[] }>(ListModules)
    assert.deepEqual(
      modules.map(({ module, apiVersions }) => ({ module, apiVersions })),
      [
        { module: 'catalog', apiVersions: ['1.0', '2.0'] },
        { module: 'orders', apiVersions: ['1.0'] },
      ]
    )
    const entities = await listed<{ module: string; entity: string }>(ListEntities)
    assert.deepEqual(
      entities.map(({ module, entity }) => `${module} ${entity}`),
      ['catalog Product']
    )
    const endpoints = await listed<{
      module: string
      method: string
      route: string
      apiVersion: string | null
    }>(ListEndpoints)
    assert.sameMembers(
      endpoints.map(({ module, method, route, apiVersion }) =>
        [module, method, route, apiVersion ?? 'any version'].join(' ')
      ),
      [
        'catalog POST /api/catalog 1.0',
        'catalog POST /api/catalog 2.0',
        'catalog DELETE /api/catalog/:id 2.0',
        'catalog GET /api/catalog/:id 1.0',
        'catalog GET /api/catalog/:id 2.0',
        'catalog GET /api/catalog/sample any version',
        'orders GET /api/orders/products/:id any version',
        'orders GET /api/orders/sample any version',
      ]
    )
  })

  test('remove-module refuses Catalog, which Orders consumes, and a dry run of Orders writes nothing', async ({
    assert,
  }) => {
    const root = app.makePath()
    const before = checkoutChanges(root)
    const refused = await runCommand(RemoveModule, ['Catalog'], { appRoot: root })
    assert.equal(refused.exitCode, 1)
    assert.include(
      refused.output,
      'modules/orders/infrastructure/consumers/product_created_consumer.ts consumes catalog.product_created v1, which Catalog publishes'
    )
    const dryRun = await runCommand(RemoveModule, ['Orders'], { appRoot: root })
    assert.equal(dryRun.exitCode, 0, dryRun.output)
    assert.include(dryRun.output, 'would delete modules/orders/infrastructure/orders_module.ts')
    assert.include(dryRun.output, 'Dry run: nothing was deleted or written')
    assert.equal(checkoutChanges(root), before)
  })
})
