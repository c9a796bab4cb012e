import { test } from '@japa/runner'
import { execFile } from 'node:child_process'
import { existsSync } from 'node:fs'
import { mkdtemp, readFile, rm, symlink } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'
import { startServerProcess } from '#tests/common/server_process'
import { testPort } from '#tests/common/test_ports'
import { copyOfInitializedApp } from '#tests/common/initialized_app'

const run = promisify(execFile)
const RECORDER = fileURLToPath(new URL('../fixtures/record_imports.mjs', import.meta.url))
/** The generators, and the kit's scaffolding code and commands: development tools only. */
const SCAFFOLDING = String.raw`[\\/]node_modules[\\/](ts-morph|tempura|diff|typescript|@pantheon[\\/]kit[\\/]dist[\\/](app[\\/]scaffolding|commands))[\\/]`

test.group('A generated app in production', (group) => {
  let workspace: string
  group.each.setup(async () => {
    workspace = await mkdtemp(join(tmpdir(), 'pantheon-lean-'))
    return () => rm(workspace, { recursive: true, force: true })
  })

  test('serves requests without loading the generators or any scaffolding code', async ({
    assert,
  }) => {
    const node = process.execPath
    const shop = await copyOfInitializedApp(workspace)
    await run(node, ['ace', 'add-module', 'Orders'], { cwd: shop, timeout: 120_000 })
    await run(node, ['ace', 'build'], { cwd: shop, timeout: 240_000 })
    const build = join(shop, 'build')
    assert.isTrue(existsSync(join(build, 'vendor')), 'the kit tarball travels with the build')
    await symlink(join(shop, 'node_modules'), join(build, 'node_modules'), 'dir')

    const recorded = join(workspace, 'imports.log')
    const server = await startServerProcess(
      {
        NODE_ENV: 'production',
        APP_KEY: 'a-production-key-that-is-long-enough-123',
        HOST: '127.0.0.1',
        PORT: String(testPort(115)),
        DB_CONNECTION: 'sqlite',
        SQLITE_FILENAME: join(workspace, 'db.sqlite3'),
        NODE_OPTIONS: `--import=${RECORDER}`,
        RECORD_IMPORTS_FILE: recorded,
        RECORD_IMPORTS_PATTERN: String.raw`[\\/]node_modules[\\/]`,
      },
      { appRoot: build }
    )
    try {
      const sample = await fetch(`http://127.0.0.1:${testPort(115)}/api/orders/sample`)
      assert.equal(sample.status, 200)
    } finally {
      await server.stop()
    }
    const record = await readFile(recorded, 'utf8')
    const imports = record.split('\n').filter(Boolean)
    // Not vacuous: the recorder saw the kit's runtime being loaded.
    assert.isTrue(imports.some((url) => url.includes('@pantheon/kit/dist/app/providers/')))
    assert.deepEqual(
      imports.filter((url) => new RegExp(SCAFFOLDING).test(url)),
      []
    )
  }).timeout(300_000)
})
