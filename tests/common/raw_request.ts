import { request, type IncomingHttpHeaders } from 'node:http'

export interface RawResponse {
  status: number
  contentType: string | null
  headers: IncomingHttpHeaders
  body: unknown
}

/**
 * Sends bytes exactly as given, for the cases where the API client would "fix" the request
 * (malformed JSON, a body that is not an object, a body on a GET, which fetch refuses to send, a
 * header line repeated). `headers` are sent in order, one line each, repeats included.
 * Targets the server the integration suite started on HOST:PORT.
 */
export function rawRequest(
  method: string,
  path: string,
  options: { body?: string; contentType?: string; headers?: Array<[string, string]> } = {}
) {
  // Given as a list, headers are sent exactly as listed: Node adds no Host of its own then.
  const headers: string[] = ['host', `${process.env.HOST}:${process.env.PORT}`]
  for (const [name, value] of options.headers ?? []) headers.push(name, value)
  if (options.contentType) headers.push('content-type', options.contentType)
  if (options.body !== undefined)
    headers.push('content-length', String(Buffer.byteLength(options.body)))
  return new Promise<RawResponse>((resolve, reject) => {
    const sent = request(
      { host: process.env.HOST, port: process.env.PORT, path, method, headers },
      (response) => {
        let text = ''
        response.setEncoding('utf8')
        response.on('data', (chunk: string) => (text += chunk))
        response.on('error', reject)
        response.on('end', () =>
          resolve({
            status: response.statusCode ?? 0,
            contentType: response.headers['content-type'] ?? null,
            headers: response.headers,
            body: text.length > 0 ? JSON.parse(text) : undefined,
          })
        )
      }
    )
    sent.on('error', reject)
    sent.end(options.body)
  })
}
