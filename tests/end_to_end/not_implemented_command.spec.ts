import { test } from '@japa/runner'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { startServerProcess } from '#tests/common/server_process'
import { generatedAppCommands, portAbove, runAppTests } from '#tests/common/generated_app_commands'
import { copyOfInitializedApp } from '#tests/common/initialized_app'
import { typeChecker } from '#tests/common/type_checker'

/**
 * The new app's ports: 30 and 131 above this suite's own (TEST_PORT, 5100 by default).
 */
const inApp = generatedAppCommands(30, { scaffoldInProcess: true })
const port = portAbove

test.group('A command or query not implemented yet, end to end', (group) => {
  let workspace: string
  group.each.setup(async () => {
    workspace = await mkdtemp(join(tmpdir(), 'pantheon-unimplemented-'))
    return () => rm(workspace, { recursive: true, force: true })
  })

  test('answers 501 NotImplemented, and the generated starter tests pass as generated', async ({
    assert,
  }) => {
    const node = process.execPath
    const shop = await copyOfInitializedApp(workspace)

    for (const command of [
      ['add-module', 'Billing'],
      ['add-command', 'Recalculate', '--module', 'Billing', '--result-type', 'number'],
      [
        'add-endpoint',
        'Recalculate',
        '--module',
        'Billing',
        '--method',
        'POST',
        '--route',
        '/recalculate',
        '--command',
        'Recalculate',
      ],
      [
        'add-command',
        'Restock',
        '--module',
        'Billing',
        '--result-type',
        'void',
        '--fields',
        'Quantity:int,Note:text?,Default:boolean?',
      ],
      [
        'add-endpoint',
        'Restock',
        '--module',
        'Billing',
        '--method',
        'POST',
        '--route',
        '/restock',
        '--command',
        'Restock',
      ],
      // A decimal's rule is long enough for prettier to wrap it over several lines, and a json
      // field (vine.any()) is required too: both make an empty body a 400, not a 501.
      ...[
        ['Charge', '/charge', 'Amount:decimal'],
        ['Import', '/import', 'Payload:json'],
      ].flatMap(([name, route, fields]) => [
        ['add-command', name, '--module', 'Billing', '--result-type', 'void', '--fields', fields],
        [
          'add-endpoint',
          name,
          '--module',
          'Billing',
          '--method',
          'POST',
          '--route',
          route,
          '--command',
          name,
        ],
      ]),
      ['add-query', 'Stats', '--module', 'Billing', '--result-type', 'number'],
      [
        'add-endpoint',
        'GetStats',
        '--module',
        'Billing',
        '--method',
        'GET',
        '--route',
        '/stats',
        '--query',
        'Stats',
      ],
    ]) {
      await inApp(shop, node, ['ace', ...command])
    }
    await inApp(shop, node, [typeChecker(shop), '--noEmit'])

    const tests = await runAppTests(shop, [], (argv) =>
      inApp(shop, node, argv, { NODE_ENV: 'test' })
    )
    assert.match(tests.stdout, /Tests\s+\d+ passed \(\d+\)/, tests.stdout)
    assert.include(tests.stdout, 'Recalculate endpoint')
    assert.include(tests.stdout, 'GetStats endpoint')
    assert.include(tests.stdout, 'Restock endpoint')
    assert.include(tests.stdout, 'its validator requires quantity')
    assert.include(tests.stdout, 'Charge endpoint')
    assert.include(tests.stdout, 'Import endpoint')

    const server = await startServerProcess(
      {
        NODE_ENV: 'development',
        HTTPS_ENABLED: 'false',
        HOST: '127.0.0.1',
        PORT: port(131),
        DB_CONNECTION: 'sqlite',
        SQLITE_FILENAME: 'tmp/db.sqlite3',
      },
      { appRoot: shop, readyPath: '/health/ready' }
    )
    try {
      const answer = await fetch(`http://127.0.0.1:${port(131)}/api/billing/recalculate`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: '{}',
      })
      assert.equal(answer.status, 501)
      assert.equal(answer.headers.get('content-type'), 'application/problem+json; charset=utf-8')
      assert.equal(((await answer.json()) as { code: string }).code, 'Recalculate.NotImplemented')

      const restock = (body: unknown) =>
        fetch(`http://127.0.0.1:${port(131)}/api/billing/restock`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(body),
        })
      const empty = await restock({})
      assert.equal(empty.status, 400)
      assert.equal(((await empty.json()) as { code: string }).code, 'Validation.Failed')
      const valid = await restock({ quantity: 3, default: true })
      assert.equal(valid.status, 501)
      assert.equal(((await valid.json()) as { code: string }).code, 'Restock.NotImplemented')
    } finally {
      await server.stop()
    }
  }).timeout(300_000)
})
