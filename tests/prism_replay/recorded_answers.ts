import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import type { Exchange } from '#tests/common/contract/exchange'

/** The request header naming which recorded exchange a replayed request is. */
export const EXCHANGE_HEADER = 'x-recorded-exchange'

/** Headers of the recorded response that describe the original connection, not the answer. */
const CONNECTION_HEADERS = new Set([
  'connection',
  'content-encoding',
  'content-length',
  'date',
  'keep-alive',
  'transfer-encoding',
])

export interface RecordedAnswers {
  url: string
  close(): Promise<void>
}

/**
 * An HTTP server that answers each replayed request with the response the service gave it
 * when the suite ran (found by EXCHANGE_HEADER): a validating proxy placed in front of it sees
 * exactly the traffic of the suite, without the service having to be in the state each test
 * left it in. The body is the decoded text that was recorded, so its encoding header is left
 * out.
 */
export async function startRecordedAnswers(exchanges: Exchange[]): Promise<RecordedAnswers> {
  const server: Server = createServer((request, response) => {
    const exchange = exchanges[Number(request.headers[EXCHANGE_HEADER])]
    request.resume()
    request.once('end', () => {
      if (!exchange) {
        response.writeHead(599).end(`no recorded exchange ${request.headers[EXCHANGE_HEADER]}`)
        return
      }
      const headers = Object.fromEntries(
        Object.entries(exchange.responseHeaders).filter(([name]) => !CONNECTION_HEADERS.has(name))
      )
      response.writeHead(exchange.status, headers)
      response.end(exchange.method === 'HEAD' ? undefined : exchange.responseBody)
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  }
}
