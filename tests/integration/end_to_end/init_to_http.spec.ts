import { test } from '@japa/runner'
import { execFile } from 'node:child_process'
import { mkdtemp, rm, symlink } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { promisify } from 'node:util'
import app from '@adonisjs/core/services/app'
import { startServerProcess } from '#tests/common/server_process'

const run = promisify(execFile)

/**
 * The environment of the new app's processes: its own SQLite file and test port, so nothing it
 * does touches this suite's database or server.
 */
const CHILD_ENV = {
  ...process.env,
  NODE_ENV: 'development',
  DB_CONNECTION: 'sqlite',
  SQLITE_FILENAME: 'tmp/db.sqlite3',
  TEST_PORT: '5110',
  HOST: '127.0.0.1',
}

/** Runs a command of the new app with Node 24 and fails with its output when it fails. */
async function inApp(cwd: string, command: string, args: string[], env = {}) {
  try {
    return await run(command, args, {
      cwd,
      env: { ...CHILD_ENV, ...env },
      maxBuffer: 20 * 1024 * 1024,
      timeout: 240_000,
    })
  } catch (error) {
    const { stdout, stderr } = error as { stdout?: string; stderr?: string }
    throw new Error(`${command} ${args.join(' ')} failed in ${cwd}:\n${stdout}\n${stderr}`)
  }
}

test.group('Scaffolding end to end', (group) => {
  let workspace: string
  group.each.setup(async () => {
    workspace = await mkdtemp(join(tmpdir(), 'pantheon-e2e-'))
    return () => rm(workspace, { recursive: true, force: true })
  })

  test('init, add-module, typecheck, test, start and answer over HTTP', async ({ assert }) => {
    const node = process.execPath
    await inApp(app.makePath(), node, ['ace', 'init', 'Shop', '--out', workspace])
    const shop = join(workspace, 'Shop')
    // The new app installs with npm; reusing this app's packages keeps the test fast and offline.
    await symlink(app.makePath('node_modules'), join(shop, 'node_modules'), 'dir')

    await inApp(shop, node, ['ace', 'add-module', 'Orders'])
    await inApp(shop, node, [join(shop, 'node_modules/typescript/bin/tsc'), '--noEmit'])

    const tests = await inApp(shop, node, ['ace', 'test', '--reporters=dot'], { NODE_ENV: 'test' })
    assert.match(tests.stdout, /Tests\s+\d+ passed \(\d+\)/)
    assert.notMatch(tests.stdout, /failed/)

    const server = await startServerProcess(
      { NODE_ENV: 'development', HTTPS_ENABLED: 'false', HOST: '127.0.0.1', PORT: '5211', DB_CONNECTION: 'sqlite', SQLITE_FILENAME: 'tmp/db.sqlite3' },
      { appRoot: shop }
    )
    try {
      const response = await fetch('http://127.0.0.1:5211/api/orders/sample')
      assert.equal(response.status, 200)
      assert.equal(await response.text(), '"Orders module is running"')
      assert.equal(response.headers.get('api-supported-versions'), '1.0')
    } finally {
      await server.stop()
    }
  }).timeout(300_000)
})
