import { request } from 'node:http'
import { readFileSync } from 'node:fs'
import { basename } from 'node:path'
import { DocumentedOperations } from '#tests/common/contract/documented_operations'
import type { Exchange } from '#tests/common/contract/exchange'
import type { PrismAnswer } from './prism_answer.js'
import { startPrismProxy } from './prism_proxy.js'
import { EXCHANGE_HEADER, startRecordedAnswers } from './recorded_answers.js'
import { judgeExchange, type DocumentAnswers } from './prism_verdict.js'

export interface ReplayReport {
  exchanges: number
  /** Exchanges with an operation in some document, each judged by Prism. */
  judged: number
  /** Exchanges no document has an operation for (OPTIONS, a method a path does not take, …). */
  undocumented: number
  /** HEAD requests: the documents leave them out, and Prism matches no GET for them. */
  head: number
  floatFindings: number
  problems: { index: number; exchange: Exchange; problems: string[] }[]
}

/** Request headers that belong to the recorded connection, not to the request. */
const CONNECTION_HEADERS = new Set([
  'connection',
  'content-encoding',
  'content-length',
  'expect',
  'host',
  'keep-alive',
  'transfer-encoding',
])

/**
 * Sends a recorded exchange to a Prism proxy at `path`: the path the document lists for it (a
 * trailing slash dropped, v2.0 written v2, a version named outside the URL of an unversioned
 * path read as its segment), since Prism reads none of them the way the service does.
 */
function send(
  baseUrl: string,
  exchange: Exchange,
  index: number,
  path: string
): Promise<PrismAnswer> {
  const query = exchange.query.size > 0 ? `?${exchange.query}` : ''
  const headers: Record<string, string> = { [EXCHANGE_HEADER]: String(index) }
  for (const [name, value] of Object.entries(exchange.requestHeaders)) {
    if (!CONNECTION_HEADERS.has(name)) headers[name] = value
  }
  return new Promise((resolve, reject) => {
    const sent = request(
      `${baseUrl}${path}${query}`,
      { method: exchange.method, headers, timeout: 30_000 },
      (response) => {
        let body = ''
        response.setEncoding('utf8')
        response.on('data', (chunk) => (body += chunk))
        response.on('end', () =>
          resolve({ status: response.statusCode ?? 0, headers: response.headers, body })
        )
      }
    )
    sent.on('timeout', () => sent.destroy(new Error('Prism did not answer within 30 s')))
    sent.on('error', reject)
    sent.end(exchange.requestBody)
  })
}

async function eachAtMost<T>(items: T[], limit: number, work: (item: T) => Promise<void>) {
  let next = 0
  const worker = async () => {
    while (next < items.length) await work(items[next++])
  }
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker))
}

/**
 * Replays recorded exchanges through Prism, document by document: a proxy with --errors and
 * one without, both in front of a server answering what the service answered when the suite
 * ran (startRecordedAnswers), then judges each exchange over every document that has its
 * operation (judgeExchange).
 */
export async function replayThroughPrism(
  exchanges: Exchange[],
  documentFiles: string[]
): Promise<ReplayReport> {
  const documents = Object.fromEntries(
    documentFiles.map((file) => [basename(file), JSON.parse(readFileSync(file, 'utf8'))])
  )
  const files = Object.fromEntries(documentFiles.map((file) => [basename(file), file]))
  const operations = new DocumentedOperations(documents)
  const report: ReplayReport = {
    exchanges: exchanges.length,
    judged: 0,
    undocumented: 0,
    head: 0,
    floatFindings: 0,
    problems: [],
  }
  /** By document, the exchanges it has an operation for, each with the path to send it to. */
  const byDocument = new Map<string, { index: number; path: string }[]>()
  const candidates = exchanges.map((exchange, index) => {
    if (exchange.method.toUpperCase() === 'HEAD') {
      report.head++
      return []
    }
    // A document matching the request at its own path and at a version's path (api-version=1.0
    // on the default version's unversioned path) is sent it once, at its own path.
    const paths = new Map<string, string>()
    for (const matched of operations.matchExchange(exchange)) {
      if (!paths.has(matched.document)) paths.set(matched.document, matched.requestPath)
    }
    if (paths.size === 0) report.undocumented++
    for (const [name, path] of paths) {
      byDocument.set(name, [...(byDocument.get(name) ?? []), { index, path }])
    }
    return [...paths.keys()]
  })

  const answers = new Map<number, DocumentAnswers[]>()
  const upstream = await startRecordedAnswers(exchanges)
  try {
    for (const [document, indexes] of byDocument) {
      const [gate, observed] = await Promise.all([
        startPrismProxy({ document: files[document], upstream: upstream.url, errors: true }),
        startPrismProxy({ document: files[document], upstream: upstream.url, errors: false }),
      ])
      try {
        await eachAtMost(indexes, 8, async ({ index, path }) => {
          const [gateAnswer, observedAnswer] = await Promise.all([
            send(gate.url, exchanges[index], index, path),
            send(observed.url, exchanges[index], index, path),
          ])
          answers.set(index, [
            ...(answers.get(index) ?? []),
            { document, gate: gateAnswer, observed: observedAnswer },
          ])
        })
      } finally {
        await Promise.all([gate.stop(), observed.stop()])
      }
    }
  } finally {
    await upstream.close()
  }

  candidates.forEach((names, index) => {
    if (names.length === 0) return
    report.judged++
    const verdict = judgeExchange(exchanges[index], answers.get(index) ?? [])
    report.floatFindings += verdict.floatFindings
    if (verdict.problems.length > 0) {
      report.problems.push({ index, exchange: exchanges[index], problems: verdict.problems })
    }
  })
  return report
}
