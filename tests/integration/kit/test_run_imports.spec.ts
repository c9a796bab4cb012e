import { test } from '@japa/runner'
import { execFile } from 'node:child_process'
import { mkdtemp, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'
import app from '@adonisjs/core/services/app'
import { testPort } from '#tests/common/test_ports'

const run = promisify(execFile)
const RECORDER = fileURLToPath(new URL('../../fixtures/record_imports.mjs', import.meta.url))

/*
 * Every test run imports @pantheon/kit/testing from tests/bootstrap.ts. The architecture tests
 * need dependency-cruiser, which loads the TypeScript compiler (about 0.6 s of processor): a run
 * that has no architecture test to run must not pay for it.
 */
test.group('A test run of the kit', (group) => {
  // Its database is a SQLite file of its own, whatever DB_CONNECTION says.
  group.tap((t) => t.tags(['@any-database']))
  let workspace: string
  group.each.setup(async () => {
    workspace = await mkdtemp(join(tmpdir(), 'pantheon-test-imports-'))
    return () => rm(workspace, { recursive: true, force: true })
  })

  test('of one unit test file does not load dependency-cruiser', async ({ assert }) => {
    const recorded = join(workspace, 'imports.log')
    const { stdout } = await run(
      process.execPath,
      [
        '--import=@pantheon/kit/typescript',
        `--import=${RECORDER}`,
        'bin/test.ts',
        'unit',
        '--files=time_ordered_id',
        '--reporters=dot',
      ],
      {
        cwd: app.makePath(),
        timeout: 120_000,
        env: {
          ...process.env,
          TEST_PORT: String(testPort(133)),
          DB_CONNECTION: 'sqlite',
          SQLITE_FILENAME: join(workspace, 'test.sqlite3'),
          RECORD_IMPORTS_FILE: recorded,
          RECORD_IMPORTS_PATTERN: String.raw`[\\/](node_modules|app[\\/]testing)[\\/]`,
        },
      }
    )
    assert.match(stdout, /Tests\s+\d+ passed/)
    const record = await readFile(recorded, 'utf8')
    const imports = record.split('\n').filter(Boolean)
    // Not vacuous: the recorder saw the kit's testing entry point being loaded.
    assert.isTrue(
      imports.some((url) => /app\/testing\/architecture\/cruise_architecture\.ts$/.test(url)),
      imports.join('\n')
    )
    assert.deepEqual(
      imports.filter((url) =>
        /[\\/]node_modules[\\/](dependency-cruiser|typescript)[\\/]/.test(url)
      ),
      []
    )
  }).timeout(150_000)
})
