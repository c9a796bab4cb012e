/**
 * One generated request. `client`: a well-framed request an HTTP client can send (it adds Host
 * and Content-Length when they are not given). `raw`: bytes that must reach the server exactly
 * as they are (broken framing, a request line no client writes), sent over a plain socket.
 * `kind` says what is odd about it, for reports.
 */
export type GeneratedRequest = ClientCase | RawCase

export interface ClientCase {
  framing: 'client'
  kind: string
  method: string
  target: string
  headers: Array<[string, string]>
  body?: Buffer
}

export interface RawCase {
  framing: 'raw'
  kind: string
  bytes: Buffer
  /**
   * The bytes stop short of what their headers announce (a body shorter than its
   * Content-Length, chunks without the last one): the sender then closes its sending side, so
   * that the server knows nothing more is coming instead of waiting for it.
   */
  truncated?: boolean
  /**
   * The bytes are a whole request, and the sender closes its sending side right after them (a
   * half-close), still reading: the server must answer it all the same.
   */
  halfClosed?: boolean
}

/** The bytes of an HTTP/1.x request, every header line written as given, in order. */
export function requestBytes(
  head: { method: string; target: string; headers: Array<[string, string]>; version?: string },
  body?: Buffer | string
): Buffer {
  const lines = [`${head.method} ${head.target} ${head.version ?? 'HTTP/1.1'}`]
  for (const [name, value] of head.headers) lines.push(`${name}: ${value}`)
  const bytes = Buffer.from(`${lines.join('\r\n')}\r\n\r\n`)
  return body === undefined ? bytes : Buffer.concat([bytes, Buffer.from(body)])
}

/** A client case as raw bytes: with Host, and Content-Length unless some framing header is given. */
export function clientCaseBytes(request: ClientCase, host: string): Buffer {
  const names = new Set(request.headers.map(([name]) => name.toLowerCase()))
  const headers: Array<[string, string]> = names.has('host') ? [] : [['host', host]]
  headers.push(...request.headers)
  if (request.body && !names.has('content-length') && !names.has('transfer-encoding'))
    headers.push(['content-length', String(request.body.length)])
  return requestBytes({ ...request, headers }, request.body)
}
