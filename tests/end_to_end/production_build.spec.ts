import { test } from '@japa/runner'
import { execFile } from 'node:child_process'
import { existsSync } from 'node:fs'
import { mkdtemp, rm, symlink } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { promisify } from 'node:util'
import app from '@adonisjs/core/services/app'
import { startServerProcess } from '#tests/common/server_process'
import { testPort } from '#tests/common/test_ports'

const run = promisify(execFile)

test.group('Production build', () => {
  test('builds, migrates with ace and serves the API from compiled JavaScript', async ({
    assert,
  }) => {
    const build = app.makePath('build')
    await run(process.execPath, ['ace', 'build'], { cwd: app.makePath(), timeout: 240_000 })
    if (!existsSync(join(build, 'node_modules'))) {
      await symlink(app.makePath('node_modules'), join(build, 'node_modules'), 'dir')
    }
    const folder = await mkdtemp(join(tmpdir(), 'pantheon-build-'))
    const env = {
      ...process.env,
      NODE_ENV: 'production',
      APP_KEY: 'a-production-key-that-is-long-enough-123',
      DB_CONNECTION: 'sqlite',
      SQLITE_FILENAME: join(folder, 'db.sqlite3'),
    }
    try {
      const migrated = await run(process.execPath, ['ace', 'migration:run', '--force'], {
        cwd: build,
        env,
      })
      assert.include(migrated.stdout, 'Migrated')

      const server = await startServerProcess(
        { ...env, HOST: '127.0.0.1', PORT: String(testPort(112)) },
        { appRoot: build, readyPath: '/health/ready' }
      )
      try {
        const created = await fetch(`http://127.0.0.1:${testPort(112)}/api/catalog`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ name: 'Built', price: 1 }),
        })
        assert.equal(created.status, 201)
      } finally {
        await server.stop()
      }
    } finally {
      await rm(folder, { recursive: true, force: true })
    }
  }).timeout(300_000)
})
