import { requestBytes, type RawCase } from './generated_request.js'

/*
 * Building blocks of the requests only a raw socket can send as they are.
 */

export const HOST: [string, string] = ['host', '127.0.0.1']
const JSON_TYPE: [string, string] = ['content-type', 'application/json']
export const PRODUCT = '{"name":"Pen","price":1.5}'

export const raw = (kind: string, bytes: Buffer): RawCase => ({ framing: 'raw', kind, bytes })

/** A case whose bytes stop short of what its headers announce. */
export const stoppingShort = (request: RawCase): RawCase => ({ ...request, truncated: true })

/** A whole request whose sender half-closes the connection right after it. */
export const halfClosing = (request: RawCase): RawCase => ({ ...request, halfClosed: true })

/** A POST of JSON, with the header lines given after Host and Content-Type. */
export const post = (
  kind: string,
  target: string,
  headers: Array<[string, string]>,
  body?: Buffer | string
) =>
  raw(kind, requestBytes({ method: 'POST', target, headers: [HOST, JSON_TYPE, ...headers] }, body))

/** A GET of a path every version answers, with exactly the header lines given. */
export const get = (kind: string, headers: Array<[string, string]>, body?: string) =>
  raw(kind, requestBytes({ method: 'GET', target: '/api/catalog/sample', headers }, body))
