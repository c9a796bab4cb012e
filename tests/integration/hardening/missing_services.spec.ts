import { test } from '@japa/runner'
import { execFile } from 'node:child_process'
import { promisify } from 'node:util'
import app from '@adonisjs/core/services/app'
import { testPort } from '#tests/common/test_ports'

const run = promisify(execFile)

test.group('Test suite with a service missing', (group) => {
  group.tap((t) => t.tags(['@any-database', '@slow']))
  test('ends at once with a message naming the service and how to start it', async ({ assert }) => {
    const startedAt = performance.now()
    // Its own SQLite file and port: the child migrates and serves apart from this run.
    const result = await run(process.execPath, ['ace', 'test', 'integration', '--reporters=dot'], {
      cwd: app.makePath(),
      timeout: 90_000,
      env: {
        ...process.env,
        NODE_ENV: 'test',
        DB_CONNECTION: 'sqlite',
        SQLITE_FILENAME: 'tmp/missing-services.sqlite3',
        TEST_PORT: String(testPort(143)),
        RABBITMQ_URL: 'amqp://guest:guest@127.0.0.1:5699',
      },
    }).catch((error: { code: number; stdout: string; stderr: string }) => error)

    assert.equal('code' in result ? result.code : 0, 1)
    const output = `${result.stdout}${result.stderr}`
    assert.include(output, 'RabbitMQ is not reachable at 127.0.0.1:5699')
    assert.include(output, 'start it with: rabbitmq-server -detached')
    assert.notInclude(output, 'Redis is not reachable')
    assert.isBelow((performance.now() - startedAt) / 1000, 60)
  }).timeout(120_000)
})
