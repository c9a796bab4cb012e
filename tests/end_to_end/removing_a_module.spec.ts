import { test } from '@japa/runner'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { catalogFeedsOrders } from '#tests/common/crud_scaffolding'
import { generatedAppCommands, runAppTests } from '#tests/common/generated_app_commands'
import { copyOfInitializedApp } from '#tests/common/initialized_app'
import { typeChecker } from '#tests/common/type_checker'
import { lintApp } from '#tests/common/app_lint'

/** The app's own tests run 60 above this suite's TEST_PORT. */
const inApp = generatedAppCommands(60, { scaffoldInProcess: true })
const node = process.execPath

test.group('Removing a module another one uses, end to end', (group) => {
  let workspace: string
  group.each.setup(async () => {
    workspace = await mkdtemp(join(tmpdir(), 'pantheon-remove-module-'))
    return () => rm(workspace, { recursive: true, force: true })
  })

  test('refused, then with --force --confirm the app typechecks, lints, passes its own tests and migrates both ways', async ({
    assert,
  }) => {
    const shop = await copyOfInitializedApp(workspace)
    // What `node ace …` printed, without the line breaks ace wraps long lines with.
    const ace = async (...args: string[]) => {
      const { stdout } = await inApp(shop, node, ['ace', ...args])
      return stdout.replace(/\n/g, '')
    }
    for (const line of catalogFeedsOrders({ properties: 'Name:string', readModel: true })) {
      await ace(...line)
    }
    await ace('migration:run')

    // Orders consumes Catalog's event: without --force nothing goes.
    await assert.rejects(
      () => ace('remove-module', 'Catalog', '--confirm'),
      /used elsewhere, so nothing was removed/
    )
    const removed = await ace('remove-module', 'Catalog', '--force', '--confirm')
    assert.include(removed, 'product_created_consumer.ts')

    await inApp(shop, node, [typeChecker(shop), '--noEmit'])
    await lintApp(shop)
    const tests = await runAppTests(shop, ['--reporters=dot'], (argv) =>
      inApp(shop, node, argv, { NODE_ENV: 'test', SQLITE_FILENAME: 'tmp/test.sqlite3' })
    )
    assert.match(tests.stdout, /Tests\s+\d+ passed \(\d+\)/)
    assert.notMatch(tests.stdout, /failed/)

    assert.include(await ace('migration:run'), 'drop_catalog_tables')
    assert.include(await ace('migration:rollback', '--batch=0'), 'drop_catalog_tables')
    assert.include(await ace('migration:run'), 'drop_catalog_tables')
  }).timeout(240_000)
})
