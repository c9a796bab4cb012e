import { test } from '@japa/runner'
import { rm } from 'node:fs/promises'
import { connect } from 'node:net'
import { gzipSync } from 'node:zlib'
import {
  productionHostEnv,
  startServerProcess,
  type RunningServer,
} from '#tests/common/server_process'
import { testPort } from '#tests/common/test_ports'

const PORT = testPort(150)
const DATABASE = `tmp/half-closed-${PORT}.sqlite3`

/**
 * Writes one POST, closes the sending side at once (a half-close: the socket sends FIN but can
 * still read), and returns everything the server sent until it closed the connection.
 */
function postThenHalfClose(body: Buffer, encoding?: string): Promise<string> {
  const head = [
    'POST /api/catalog HTTP/1.1',
    'Host: 127.0.0.1',
    'Content-Type: application/json',
    ...(encoding ? [`Content-Encoding: ${encoding}`] : []),
    `Content-Length: ${body.length}`,
    '',
    '',
  ].join('\r\n')
  return new Promise((resolve, reject) => {
    const socket = connect(PORT, '127.0.0.1', () => {
      socket.write(head)
      socket.end(body)
    })
    let answer = ''
    socket.setEncoding('utf8')
    socket.on('data', (chunk: string) => (answer += chunk))
    socket.on('close', () => resolve(answer))
    socket.on('error', reject)
    socket.setTimeout(10_000, () => reject(new Error(`no end after 10 s: ${answer}`)))
  })
}

/*
 * On a host process: the setting that answers them belongs to the listener bin/server.ts makes,
 * which the test runner's own server is not.
 */
test.group('Clients that half-close after their request', (group) => {
  group.tap((t) => t.tags(['@any-database', '@slow']))
  let host: RunningServer
  group.setup(async () => {
    await rm(DATABASE, { force: true })
    host = await startServerProcess(
      productionHostEnv(PORT, { DB_CONNECTION: 'sqlite', SQLITE_FILENAME: DATABASE })
    )
    return async () => {
      await host.stop()
      await rm(DATABASE, { force: true })
    }
  })

  test('are answered and the connection then closed, with a {$self} body')
    .with(['gzip', 'identity'])
    .run(async ({ assert }, encoding) => {
      for (let round = 0; round < 20; round++) {
        const json = Buffer.from(JSON.stringify({ name: `Half-closed ${round}`, price: 1 }))
        const answer = await postThenHalfClose(
          encoding === 'gzip' ? gzipSync(json) : json,
          encoding === 'gzip' ? 'gzip' : undefined
        )
        assert.match(answer, /^HTTP\/1\.1 201 /, `round ${round}: ${answer}`)
        // The answer names what was stored: the write and the answer go together.
        const location = /^location: (.+)$/im.exec(answer)![1].trim()
        const stored = await fetch(`http://127.0.0.1:${PORT}${location}`)
        assert.equal(stored.status, 200)
        assert.equal(((await stored.json()) as { name: string }).name, `Half-closed ${round}`)
      }
    })
})
