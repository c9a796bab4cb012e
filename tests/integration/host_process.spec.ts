import { test } from '@japa/runner'
import { spawn } from 'node:child_process'
import { request as httpsRequest } from 'node:https'
import { existsSync } from 'node:fs'
import { rm } from 'node:fs/promises'
import app from '@adonisjs/core/services/app'
import { startServerProcess } from '#tests/common/server_process'
import { testPort } from '#tests/common/test_ports'

const SQLITE_FILENAME = 'tmp/host-process-test.sqlite3'
const CERTIFICATE = app.tmpPath('dev-certificate/localhost.crt')

/** GET over HTTPS accepting the self-signed development certificate. */
function httpsGet(url: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = httpsRequest(url, { rejectUnauthorized: false }, (res) => {
      let body = ''
      res.on('data', (chunk) => (body += chunk))
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }))
    })
    req.on('error', reject)
    req.end()
  })
}

/** A server on its own ports and SQLite file, so it never meets the suite's own server. */
function startHost(ports: { http: number; https: number }, env: Record<string, string>) {
  return startServerProcess({
    HOST: '127.0.0.1',
    PORT: String(ports.http),
    HTTPS_PORT: String(ports.https),
    DB_CONNECTION: 'sqlite',
    SQLITE_FILENAME,
    ...env,
  })
}

/** Asserts that nothing answers HTTPS on the port while the server runs. */
async function assertNoHttps(
  assert: { rejects: (fn: () => Promise<unknown>) => Promise<void> },
  port: number
) {
  await assert.rejects(() => httpsGet(`https://127.0.0.1:${port}/`))
}

test.group('Host process', (group) => {
  group.tap((t) => t.tags(['@any-database', '@slow']))
  group.each.setup(async () => {
    await rm(app.makePath(SQLITE_FILENAME), { force: true })
  })

  test('in development it serves HTTP and HTTPS with a certificate kept under tmp/', async ({
    assert,
  }) => {
    const server = await startHost(
      { http: testPort(101), https: testPort(102) },
      { NODE_ENV: 'development' }
    )
    try {
      const plain = await fetch(`http://127.0.0.1:${testPort(101)}/`)
      assert.equal(plain.status, 200)

      const reference = await fetch(`http://127.0.0.1:${testPort(101)}/docs`)
      assert.equal(reference.status, 200)
      assert.include(await reference.text(), '<title>API reference</title>')

      const secure = await httpsGet(`https://127.0.0.1:${testPort(102)}/`)
      assert.equal(secure.status, 200)
      assert.deepEqual(JSON.parse(secure.body), { name: 'pantheon', status: 'running' })
      assert.isTrue(existsSync(CERTIFICATE))

      // Its output goes to a program, not a terminal: JSON lines, written without pino-pretty.
      const lines = server.output().trim().split('\n')
      const messages = lines.map((line) => (JSON.parse(line) as { msg: string }).msg)
      assert.include(messages, `started HTTP server on 127.0.0.1:${testPort(101)}`)
    } finally {
      assert.equal(await server.stop(), 0)
    }
  }).timeout(40_000)

  test('in development at a terminal it writes readable lines instead of JSON', async ({
    assert,
    cleanup,
  }) => {
    const port = testPort(107)
    // script(1) gives the server a pseudo-terminal as its standard output.
    const server = spawn(
      'script',
      ['-qefc', 'exec node --import=@pantheon/kit/typescript bin/server.ts', '/dev/null'],
      {
        cwd: app.makePath(),
        env: {
          ...process.env,
          NODE_ENV: 'development',
          LOG_LEVEL: 'info',
          HOST: '127.0.0.1',
          PORT: String(port),
          HTTPS_ENABLED: 'false',
          DB_CONNECTION: 'sqlite',
          SQLITE_FILENAME,
        },
        stdio: ['pipe', 'pipe', 'pipe'],
      }
    )
    cleanup(() => void server.kill('SIGKILL'))
    let output = ''
    server.stdout.on('data', (chunk) => (output += chunk))
    const started = `started HTTP server on 127.0.0.1:${port}`
    const deadline = Date.now() + 60_000
    while (!output.includes(started) && Date.now() < deadline && server.exitCode === null) {
      await new Promise((resolve) => setTimeout(resolve, 100))
    }
    assert.include(output, started)
    assert.match(output, /INFO/)
    assert.notInclude(output, '"msg"')
    server.kill('SIGTERM')
  }).timeout(70_000)

  test('outside development only the HTTP listener runs', async ({ assert }) => {
    const server = await startHost(
      { http: testPort(103), https: testPort(104) },
      { NODE_ENV: 'production', APP_KEY: 'a-production-key-that-is-long-enough-123' }
    )
    try {
      await assertNoHttps(assert, testPort(104))
      const reference = await fetch(`http://127.0.0.1:${testPort(103)}/docs`)
      assert.equal(reference.status, 404)
    } finally {
      await server.stop()
    }
  }).timeout(40_000)

  test('HTTPS_ENABLED=false switches the development HTTPS listener off; API_DOCS_PATH moves the reference', async ({
    assert,
  }) => {
    const server = await startHost(
      { http: testPort(105), https: testPort(106) },
      { NODE_ENV: 'development', HTTPS_ENABLED: 'false', API_DOCS_PATH: '/reference' }
    )
    try {
      await assertNoHttps(assert, testPort(106))
      const reference = await fetch(`http://127.0.0.1:${testPort(105)}/reference`)
      assert.equal(reference.status, 200)
      // The viewer's files move with the page.
      const bundle = /src="(\/reference\/assets\/[^"]+\/swagger-ui-bundle\.js)"/.exec(
        await reference.text()
      )?.[1]
      assert.isDefined(bundle)
      const viewer = await fetch(`http://127.0.0.1:${testPort(105)}${bundle}`)
      assert.equal(viewer.status, 200)
      await viewer.body?.cancel()
    } finally {
      await server.stop()
    }
  }).timeout(40_000)
})
