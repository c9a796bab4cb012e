import { test } from '@japa/runner'
import http from 'node:http'
import { connect } from 'node:net'
import { rm } from 'node:fs/promises'
import app from '@adonisjs/core/services/app'
import { startServerProcess } from '#tests/common/server_process'
import { testPort } from '#tests/common/test_ports'

const PORT = testPort(127)
const CLIENTS = 50
const SQLITE_FILENAME = 'tmp/keep-alive-shutdown.sqlite3'
const MISSING_PRODUCT = '/api/v1/catalog/00000000-0000-7000-8000-000000000000'

interface Outcome {
  status?: number
  connection?: string
  error?: string
  reusedSocket: boolean
}

function get(agent: http.Agent): Promise<Outcome> {
  return new Promise((resolve) => {
    const req = http.request(
      { host: '127.0.0.1', port: PORT, path: MISSING_PRODUCT, agent },
      (res) => {
        res.resume()
        res.on('end', () =>
          resolve({
            status: res.statusCode,
            connection: res.headers.connection,
            reusedSocket: req.reusedSocket,
          })
        )
      }
    )
    req.on('error', (error: NodeJS.ErrnoException) =>
      resolve({ error: error.code ?? error.message, reusedSocket: req.reusedSocket })
    )
    req.end()
  })
}

/** A host on a SQLite file of its own, with no rate limit between it and the test's clients. */
function startHost() {
  return startServerProcess({
    HOST: '127.0.0.1',
    PORT: String(PORT),
    HTTPS_ENABLED: 'false',
    DB_CONNECTION: 'sqlite',
    SQLITE_FILENAME,
    DB_AUTO_MIGRATE: 'true',
    RATE_LIMIT_STORE: 'off',
    LOG_LEVEL: 'warn',
  })
}

/*
 * SIGTERM while clients loop on keep-alive connections: http.Server#close() destroyed every
 * connection caught between a response and its next request, resetting that request (50 of 50
 * connections here). Required: each request that reached the host is answered, the last answer
 * on a connection says `Connection: close`, no connection is reset, and the host exits 0.
 */
test.group('Shutdown with keep-alive connections', (group) => {
  group.tap((t) => t.tags(['@any-database', '@slow']))
  group.each.setup(() => rm(app.makePath(SQLITE_FILENAME), { force: true }))

  test('SIGTERM under keep-alive load answers every request and resets no connection', async ({
    assert,
  }) => {
    const server = await startHost()
    const agent = new http.Agent({ keepAlive: true, maxSockets: CLIENTS })
    const outcomes: Outcome[] = []
    let stopping = false
    // A client loops until the host refuses a new connection (its listener is closed).
    const clients = Array.from({ length: CLIENTS }, async () => {
      while (!stopping) {
        const outcome = await get(agent)
        outcomes.push(outcome)
        if (outcome.error) break
      }
    })
    await new Promise((resolve) => setTimeout(resolve, 1000))
    const exitCode = server.stop()
    const giveUp = setTimeout(() => (stopping = true), 15_000)
    await Promise.all(clients)
    clearTimeout(giveUp)
    agent.destroy()

    assert.equal(await exitCode, 0)
    const failures = outcomes.filter((outcome) => outcome.error)
    assert.deepEqual(
      failures.filter((outcome) => outcome.reusedSocket),
      [],
      'no request sent on an open connection failed'
    )
    // A new connection is refused once the listener has closed; one the kernel had queued
    // before the close, which the host never accepted (so no request of it reached the host),
    // is reset by the kernel instead. A busy machine widens that window, so both are accepted
    // from fresh connections, and nothing else is.
    assert.isTrue(
      failures.every((outcome) => ['ECONNREFUSED', 'ECONNRESET'].includes(outcome.error!)),
      `only new connections are refused: ${JSON.stringify(failures.slice(0, 3))}`
    )
    // Every connection the host had accepted ended with a Connection: close answer; a client
    // whose fresh connection the kernel reset (above) may have ended before it got one.
    const closing = outcomes.filter((outcome) => outcome.connection === 'close')
    const reset = failures.filter((outcome) => outcome.error === 'ECONNRESET').length
    assert.isAtMost(closing.length, CLIENTS)
    assert.isAtLeast(
      closing.length,
      CLIENTS - reset,
      'each connection ended with a Connection: close answer'
    )
    assert.isTrue(outcomes.every((outcome) => outcome.error || outcome.status === 404))
  }).timeout(60_000)

  test('an idle keep-alive connection is answered with Connection: close, then ended cleanly', async ({
    assert,
  }) => {
    const server = await startHost()
    const socket = connect(PORT, '127.0.0.1')
    let received = ''
    let error: Error | undefined
    socket.on('data', (chunk) => (received += chunk))
    socket.on('error', (cause) => (error = cause))
    const ended = new Promise((resolve) => socket.once('end', resolve))
    const request = `GET ${MISSING_PRODUCT} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: keep-alive\r\n\r\n`
    socket.write(request)
    while (!received.includes('\r\n\r\n')) await new Promise((resolve) => setTimeout(resolve, 20))
    assert.match(received, /^HTTP\/1.1 404/)
    assert.match(received, /connection: keep-alive/i)

    const exitCode = server.stop()
    await new Promise((resolve) => setTimeout(resolve, 300))
    received = ''
    socket.write(request)
    await ended
    assert.match(received, /^HTTP\/1.1 404/, 'the request on the idle connection was answered')
    assert.match(received, /connection: close/i)
    assert.isUndefined(error, 'the connection ended without a reset')
    assert.equal(await exitCode, 0)
  }).timeout(60_000)
})
