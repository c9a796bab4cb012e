import { test } from '@japa/runner'
import { execFile } from 'node:child_process'
import { mkdtemp, rm } from 'node:fs/promises'
import { createServer, type Server } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { promisify } from 'node:util'
import app from '@adonisjs/core/services/app'
import { testPort } from '#tests/common/test_ports'

const run = promisify(execFile)

/*
 * The integration suite starts the app's HTTP server on TEST_PORT. When another process holds
 * that port, the run fails saying so and how to choose another, not with Node's bare EADDRINUSE.
 */
test.group('A test run whose port another process holds', (group) => {
  // Its database is a SQLite file of its own, whatever DB_CONNECTION says.
  group.tap((t) => t.tags(['@any-database']))
  let workspace: string
  let holder: Server
  const port = testPort(134)
  group.each.setup(async () => {
    workspace = await mkdtemp(join(tmpdir(), 'pantheon-port-taken-'))
    holder = createServer()
    await new Promise<void>((resolve) => holder.listen(port, '127.0.0.1', resolve))
    return async () => {
      await new Promise((resolve) => holder.close(resolve))
      await rm(workspace, { recursive: true, force: true })
    }
  })

  test('fails, naming the port and TEST_PORT', async ({ assert }) => {
    const failure = await run(
      process.execPath,
      ['--import=@pantheon/kit/typescript', 'bin/test.ts', 'integration', '--files=health'],
      {
        cwd: app.makePath(),
        timeout: 120_000,
        env: {
          ...process.env,
          TEST_PORT: String(port),
          DB_CONNECTION: 'sqlite',
          SQLITE_FILENAME: join(workspace, 'test.sqlite3'),
        },
      }
    ).then(
      () => assert.fail('the run passed on a port another process holds'),
      (error: { code: number; stdout: string; stderr: string }) => error
    )
    assert.notEqual(failure.code, 0)
    assert.include(
      failure.stdout + failure.stderr,
      `cannot listen on 127.0.0.1:${port}: another process holds that port`
    )
    assert.include(failure.stdout + failure.stderr, 'TEST_PORT=<port> bin/test.sh')
  }).timeout(150_000)
})
