import { test } from '@japa/runner'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { stripVTControlCharacters } from 'node:util'
import app from '@adonisjs/core/services/app'
import { appFiles, installOffline, settleOfflineInstall } from '#tests/common/kit_app'
import { startServerProcess } from '#tests/common/server_process'
import { generatedAppCommands, portAbove } from '#tests/common/generated_app_commands'

/**
 * The new app's ports, set apart from this suite's own (TEST_PORT, 5100 by default): 10, 111
 * and 114 above it (tests/common/test_ports.ts).
 */
const port = portAbove

/** Runs a command of the new app with Node 24 and fails with its output when it fails. */
const inApp = generatedAppCommands(10)

test.group('Scaffolding end to end', (group) => {
  let workspace: string
  group.each.setup(async () => {
    workspace = await mkdtemp(join(tmpdir(), 'pantheon-e2e-'))
    return () => rm(workspace, { recursive: true, force: true })
  })

  test('init to a live HTTP call with no file edited by hand', async ({ assert }) => {
    const node = process.execPath
    await inApp(app.makePath(), node, ['ace', 'init', 'Shop', '--out', workspace])
    const shop = join(workspace, 'Shop')
    // The new app installs with npm; reusing this app's packages keeps the test fast and offline.
    await installOffline(shop)
    const files = await appFiles(shop)
    // The one source file under app/ is the app's error handler: a subclass of the kit's that
    // start/kernel.ts registers, where a team overrides report or handle (AdonisJS's place for
    // it). The kernel's code stays in the package.
    assert.deepEqual(
      files.filter((file) => /(^|\/)(app|commands|stubs)\//.test(file)),
      ['app/exceptions/handler.ts'],
      'the app holds no kernel, command or stub source'
    )

    // Before any module exists, the new app already passes its own tests.
    const bare = await inApp(shop, node, ['ace', 'test', '--reporters=dot'], { NODE_ENV: 'test' })
    assert.match(bare.stdout, /Tests\s+\d+ passed \(\d+\)/)

    for (const command of [
      ['add-module', 'Catalog'],
      [
        'add-entity',
        'Product',
        '--module',
        'Catalog',
        '--aggregate',
        '--properties',
        'Name:string,Price:decimal',
      ],
      // The whole resource: create, get, list, put, patch and delete under /api/catalog/products.
      ['add-crud', 'Product', '--module', 'Catalog'],
      ['add-migration', 'Init', '--module', 'Catalog'],
      ['add-module', 'Orders'],
      // The first test run wrote docs/modules.md; the app's test holds it to the modules.
      ['docs:modules'],
    ]) {
      await inApp(shop, node, ['ace', ...command])
    }
    // The app's own CI as a fresh clone of it runs it (its packages taken as installed): every
    // file init and the commands wrote is lint-clean as written (the app's eslint, with prettier
    // and @adonisjs/prettier-config, has nothing to report), the app typechecks, its indexes are
    // up to date, the doctor finds nothing, and the README's test command passes; the last line
    // counts the tests.
    await settleOfflineInstall(shop)
    const ci = await inApp(shop, 'bash', ['.ci/run'], {
      PATH: `${dirname(node)}:${process.env.PATH}`,
    })
    const output = stripVTControlCharacters(ci.stdout)
    const steps = output.split(/^=== /m)
    assert.deepEqual(
      steps.map((step) => step.split('\n')[0]),
      ['', 'lint', 'typecheck', 'module indexes', 'doctor', 'tests (SQLite)'],
      output
    )
    assert.equal(steps[1].trim(), 'lint', 'eslint reports nothing')
    assert.include(steps[4], 'No problem found')
    const tests = /^Tests\s+(\d+) passed \(\d+\)$/m.exec(output)
    assert.isNotNull(tests, output)
    assert.equal(output.trim().split('\n').at(-1), `${tests![1]} passed, 0 failed`)

    const server = await startServerProcess(
      {
        NODE_ENV: 'development',
        HTTPS_ENABLED: 'false',
        HOST: '127.0.0.1',
        PORT: port(111),
        DB_CONNECTION: 'sqlite',
        SQLITE_FILENAME: 'tmp/db.sqlite3',
      },
      { appRoot: shop, readyPath: '/health/ready' }
    )
    try {
      const base = `http://127.0.0.1:${port(111)}`
      const created = await fetch(`${base}/api/catalog/products`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ name: 'Tea', price: 3.5 }),
      })
      assert.equal(created.status, 201)
      const location = created.headers.get('location')!
      const id = await created.json()
      assert.equal(location, `/api/catalog/products/${id}`)

      const read = await fetch(`${base}${location}`)
      assert.equal(read.status, 200)
      assert.deepEqual(await read.json(), { id, version: 1, name: 'Tea', price: 3.5 })
      assert.equal(read.headers.get('etag'), '"1"')
      const patch = () =>
        fetch(`${base}${location}`, {
          method: 'PATCH',
          headers: { 'content-type': 'application/merge-patch+json', 'if-match': '"1"' },
          body: JSON.stringify({ price: 4 }),
        })
      const patched = await patch()
      assert.equal(patched.status, 204)
      // The same If-Match again names the version before the patch: refused, nothing changed.
      const stale = await patch()
      assert.equal(stale.status, 412)
      const listed = await fetch(`${base}/api/catalog/products?sort=-price&price[gte]=4`)
      assert.deepEqual(await listed.json(), {
        items: [{ id, version: 2, name: 'Tea', price: 4 }],
        total: 1,
        page: 1,
        perPage: 20,
      })

      const orders = await fetch(`${base}/api/orders/sample`)
      assert.equal(orders.status, 200)
      assert.equal(await orders.text(), '"Orders module is running"')

      // The API reference and its viewer come from the app itself (the kit's swagger-ui-dist).
      const reference = await fetch(`${base}/docs`)
      assert.equal(reference.status, 200)
      const page = await reference.text()
      assert.include(page, '"name":"Catalog 1.0"')
      const bundle = /src="([^"]+\/swagger-ui-bundle\.js)"/.exec(page)?.[1]
      assert.isDefined(bundle)
      const viewer = await fetch(`${base}${bundle}`)
      assert.equal(viewer.status, 200)
      assert.equal(viewer.headers.get('content-type'), 'text/javascript; charset=utf-8')
      await viewer.body?.cancel()
    } finally {
      await server.stop()
    }
  }).timeout(300_000)

  test('init --transport redis gives an app that runs on Redis with no file edited by hand', async ({
    assert,
  }) => {
    const node = process.execPath
    await inApp(app.makePath(), node, [
      'ace',
      'init',
      'Shop',
      '--out',
      workspace,
      '--transport',
      'redis',
    ])
    const shop = join(workspace, 'Shop')
    await installOffline(shop)
    await inApp(shop, node, ['ace', 'add-module', 'Orders'])

    // Only the generated .env and config say "redis": the readiness check shows it was read.
    const server = await startServerProcess(
      {
        NODE_ENV: 'development',
        HTTPS_ENABLED: 'false',
        HOST: '127.0.0.1',
        PORT: port(114),
        DB_CONNECTION: 'sqlite',
        SQLITE_FILENAME: 'tmp/db.sqlite3',
      },
      { appRoot: shop }
    )
    try {
      // Ready once its database is migrated, which a busy machine can take a while to do; a
      // check that never passes fails here, naming itself.
      const ready = await readyWithin(`http://127.0.0.1:${port(114)}/health/ready`, 60_000)
      assert.equal(ready.status, 200, JSON.stringify(ready.body))
      assert.deepEqual((ready.body as { checks: unknown }).checks, {
        'Database health check (sqlite)': 'ok',
        'Database schema': 'ok',
        'Database storage': 'ok',
        'Message transport (redis)': 'ok',
      })
    } finally {
      await server.stop()
    }
  }).timeout(240_000)
})

/** The readiness answer once it is 200, or the last one when `ms` have passed. */
async function readyWithin(url: string, ms: number) {
  const deadline = Date.now() + ms
  for (;;) {
    const response = await fetch(url)
    const answer = { status: response.status, body: (await response.json()) as unknown }
    if (answer.status === 200 || Date.now() > deadline) return answer
    await new Promise((resolve) => setTimeout(resolve, 250))
  }
}
