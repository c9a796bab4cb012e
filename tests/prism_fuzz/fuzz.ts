import type { PrismAnswer } from '#tests/prism_replay/prism_answer'
import { startPrismProxy, type PrismProxy } from '#tests/prism_replay/prism_proxy'
import { operationsOf } from './operations.js'
import { fuzzRequests, type FuzzRequest } from './requests.js'
import { judgeFuzzed } from './verdict.js'

export interface FuzzOptions {
  /** Each document's name (catalog-v1.json) and its file, as the service serves it. */
  documents: { name: string; file: string; document: object }[]
  /** The live service the proxies forward to. */
  upstream: string
  seed: number
  /** Requests per operation generated valid, and generated to break one rule. */
  valid: number
  invalid: number
}

export interface FuzzReport {
  operations: number
  requests: number
  invalid: number
  floatFindings: number
  problems: { request: FuzzRequest; status: number; problems: string[] }[]
}

/** Sends a generated request through a Prism proxy, with a timeout. */
async function send(proxy: PrismProxy, request: FuzzRequest): Promise<PrismAnswer> {
  const query = request.query.size > 0 ? `?${request.query}` : ''
  const response = await fetch(`${proxy.url}${request.path}${query}`, {
    method: request.method,
    headers: request.headers,
    body: request.body,
    redirect: 'manual',
    signal: AbortSignal.timeout(30_000),
  })
  return {
    status: response.status,
    headers: Object.fromEntries(response.headers),
    body: await response.text(),
  }
}

/** A UUID the service gave out in a 201 answer's body, for later path parameters. */
function createdId(answer: PrismAnswer): string | undefined {
  if (answer.status !== 201) return undefined
  try {
    const body = JSON.parse(answer.body) as unknown
    return typeof body === 'string' && /^[0-9a-f-]{36}$/i.test(body) ? body : undefined
  } catch {
    return undefined
  }
}

async function eachAtMost<T>(items: T[], limit: number, work: (item: T) => Promise<void>) {
  let next = 0
  const worker = async () => {
    while (next < items.length) await work(items[next++])
  }
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker))
}

/**
 * Every operation of every document, sent requests generated from the document alone
 * (fuzzRequests) through a `prism proxy` of that document in front of the live service, each
 * exchange judged by Prism's findings (judgeFuzzed). Documents go in the order given and
 * operations writes first, so reads find what was written (ids carry over between documents:
 * Orders reads the products Catalog made).
 */
export async function fuzzThroughPrism(options: FuzzOptions): Promise<FuzzReport> {
  const report: FuzzReport = {
    operations: 0,
    requests: 0,
    invalid: 0,
    floatFindings: 0,
    problems: [],
  }
  const ids: string[] = []
  // Started together: each takes a second or two.
  const proxies = await Promise.all(
    options.documents.map(({ file }) =>
      startPrismProxy({ document: file, upstream: options.upstream, errors: false })
    )
  )
  try {
    for (const [index, { name, document }] of options.documents.entries()) {
      for (const operation of operationsOf(name, document)) {
        report.operations++
        const requests = fuzzRequests(operation, {
          ids: [...ids],
          seed: options.seed + report.operations,
          valid: options.valid,
          invalid: options.invalid,
        })
        await eachAtMost(requests, 4, async (request) => {
          const answer = await send(proxies[index], request)
          const id = createdId(answer)
          if (id) ids.push(id)
          report.requests++
          if (request.breaks !== undefined) report.invalid++
          const verdict = judgeFuzzed(request, answer)
          report.floatFindings += verdict.floatFindings
          if (verdict.problems.length > 0) {
            report.problems.push({ request, status: answer.status, problems: verdict.problems })
          }
        })
      }
    }
  } finally {
    await Promise.all(proxies.map((proxy) => proxy.stop()))
  }
  return report
}
