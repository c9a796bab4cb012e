import { test } from '@japa/runner'
import { IncomingMessage, ServerResponse } from 'node:http'
import { Socket } from 'node:net'
import { overHttps } from '#kit/building_blocks/infrastructure/http/security_headers'
import { secureEveryAnswer } from '#kit/host/security_headers'

/** A request as Node hands it over: from `address`, with the given headers. */
function requestFrom(
  address: string,
  headers: Record<string, string> = {},
  encrypted = false
): IncomingMessage {
  const socket = new Socket()
  Object.defineProperty(socket, 'remoteAddress', { value: address })
  if (encrypted) Object.defineProperty(socket, 'encrypted', { value: true })
  const request = new IncomingMessage(socket)
  request.headers = headers
  return request
}

/** A response object as the server makes one: headers kept in its own record. */
class RecordedResponse {
  readonly headers: Record<string, string> = {}
  header(name: string, value: string) {
    this.headers[name] = value
    return this
  }
}

/** A server whose responses are made by `createResponse`, with nothing set on them yet. */
function recordingServer() {
  return {
    createResponse: (_request: IncomingMessage, _response: ServerResponse) =>
      new RecordedResponse(),
  }
}

const trustLoopback = (address: string) => address === '127.0.0.1'

test.group('Security headers: HTTPS', () => {
  test('a TLS socket is HTTPS, whoever sent the request', ({ assert }) => {
    assert.isTrue(overHttps(trustLoopback)(requestFrom('203.0.113.9', {}, true)))
  })

  test('X-Forwarded-Proto counts from a trusted proxy only, its first value deciding', ({
    assert,
  }) => {
    const isHttps = overHttps(trustLoopback)
    assert.isTrue(isHttps(requestFrom('127.0.0.1', { 'x-forwarded-proto': 'https' })))
    assert.isTrue(isHttps(requestFrom('127.0.0.1', { 'x-forwarded-proto': 'HTTPS, http' })))
    assert.isFalse(isHttps(requestFrom('127.0.0.1', { 'x-forwarded-proto': 'http, https' })))
    assert.isFalse(isHttps(requestFrom('127.0.0.1', { 'x-forwarded-proto': 'https-ish' })))
    assert.isFalse(isHttps(requestFrom('127.0.0.1')))
    assert.isFalse(isHttps(requestFrom('203.0.113.9', { 'x-forwarded-proto': 'https' })))
  })

  test('asks whether an address is trusted once, not on every request', ({ assert }) => {
    const asked: string[] = []
    const isHttps = overHttps((address) => asked.push(address) > 0)
    for (let i = 0; i < 3; i++) isHttps(requestFrom('10.0.0.1', { 'x-forwarded-proto': 'https' }))
    isHttps(requestFrom('10.0.0.2'))
    assert.deepEqual(asked, ['10.0.0.1'])
  })
})

test.group('Security headers: every response the server makes', () => {
  test('starts with them, before any route sets its own', ({ assert }) => {
    const server = recordingServer()
    secureEveryAnswer(server)
    const request = requestFrom('127.0.0.1', { 'x-forwarded-proto': 'https' })
    const answer = server.createResponse(request, new ServerResponse(request))
    assert.deepEqual(answer.headers, {
      'x-content-type-options': 'nosniff',
      'x-frame-options': 'DENY',
      'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
      'referrer-policy': 'no-referrer',
    })
  })

  test('adds Strict-Transport-Security to the requests the check picks', ({ assert }) => {
    const server = recordingServer()
    secureEveryAnswer(server, (request) => request.headers['x-forwarded-proto'] === 'https')
    const secure = requestFrom('127.0.0.1', { 'x-forwarded-proto': 'https' })
    const plain = requestFrom('127.0.0.1')
    const secureAnswer = server.createResponse(secure, new ServerResponse(secure))
    const plainAnswer = server.createResponse(plain, new ServerResponse(plain))
    assert.equal(secureAnswer.headers['strict-transport-security'], 'max-age=31536000')
    assert.notProperty(plainAnswer.headers, 'strict-transport-security')
  })
})
