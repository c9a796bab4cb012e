import { request } from 'node:http'

/**
 * Sends bytes exactly as given, for the cases where the API client would "fix" the request
 * (malformed JSON, a body that is not an object, a body on a GET, which fetch refuses to send).
 * Targets the server the integration suite started on HOST:PORT.
 */
export function rawRequest(
  method: string,
  path: string,
  options: { body?: string; contentType?: string } = {}
) {
  const headers: Record<string, string> = {}
  if (options.contentType) headers['content-type'] = options.contentType
  if (options.body !== undefined)
    headers['content-length'] = String(Buffer.byteLength(options.body))
  return new Promise<{ status: number; contentType: string | null; body: unknown }>(
    (resolve, reject) => {
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
              body: text.length > 0 ? JSON.parse(text) : undefined,
            })
          )
        }
      )
      sent.on('error', reject)
      sent.end(options.body)
    }
  )
}
