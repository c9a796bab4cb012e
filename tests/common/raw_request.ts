/**
 * Sends bytes exactly as given, for the cases where the API client would "fix" the request
 * (malformed JSON, a body that is not an object). Targets the server the integration suite
 * started on HOST:PORT.
 */
export async function rawRequest(
  method: string,
  path: string,
  options: { body?: string; contentType?: string } = {}
) {
  const url = `http://${process.env.HOST}:${process.env.PORT}${path}`
  const headers: Record<string, string> = {}
  if (options.contentType) headers['content-type'] = options.contentType
  const response = await fetch(url, { method, headers, body: options.body })
  const text = await response.text()
  return {
    status: response.status,
    contentType: response.headers.get('content-type'),
    body: text.length > 0 ? JSON.parse(text) : undefined,
  }
}
