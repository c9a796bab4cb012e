/** One request of a stream and its answer, timed with performance.now(). */
export interface Exchange {
  kind: 'write' | 'read'
  sentAt: number
  answeredAt: number
  /** 0 when no HTTP answer came: refused, reset or over the time limit. */
  status: number
  contentType: string
  /** The problem document's `code`, when the answer is one. */
  code?: string
  error?: string
}

export interface RequestStream {
  exchanges: Exchange[]
  /** Ids answered with 201: the writes the service promised to keep. */
  acknowledged: string[]
  stop: () => Promise<void>
}

const ANSWER_LIMIT_MS = 10_000
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/** A body that is not JSON (a proxy's or a crashed server's) keeps its status on record. */
function parseJson(body: string): unknown {
  try {
    return JSON.parse(body)
  } catch {
    return undefined
  }
}

/**
 * A steady stream of creates (POST /api/catalog) and reads of created products from several
 * concurrent clients, each waiting `pauseMs` between requests, recording every answer. Steady
 * rather than saturating: a fault test wants to see each phase of an outage, not a queue.
 */
export function startRequestStream(
  origin: string,
  options: { writers: number; readers: number; pauseMs: number }
): RequestStream {
  const exchanges: Exchange[] = []
  const acknowledged: string[] = []
  let stopped = false
  let sequence = 0

  async function exchange(kind: Exchange['kind'], path: string, init: RequestInit = {}) {
    const sentAt = performance.now()
    try {
      const response = await fetch(`${origin}${path}`, {
        ...init,
        signal: AbortSignal.timeout(ANSWER_LIMIT_MS),
      })
      const parsed = parseJson(await response.text())
      const code =
        typeof parsed === 'object' && parsed !== null
          ? (parsed as { code?: string }).code
          : undefined
      if (kind === 'write' && response.status === 201) acknowledged.push(parsed as string)
      exchanges.push({
        kind,
        sentAt,
        answeredAt: performance.now(),
        status: response.status,
        contentType: response.headers.get('content-type') ?? '',
        code,
      })
    } catch (error) {
      exchanges.push({
        kind,
        sentAt,
        answeredAt: performance.now(),
        status: 0,
        contentType: '',
        error: String(error),
      })
    }
  }

  const write = () =>
    exchange('write', '/api/catalog', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: `Stream ${++sequence}`, price: 3.5 }),
    })
  const read = async () => {
    if (acknowledged.length === 0) return
    await exchange(
      'read',
      `/api/catalog/${acknowledged[Math.floor(Math.random() * acknowledged.length)]}`
    )
  }

  async function client(send: () => Promise<void>) {
    while (!stopped) {
      await send()
      await pause(options.pauseMs)
    }
  }
  const clients = [
    ...Array.from({ length: options.writers }, () => client(write)),
    ...Array.from({ length: options.readers }, () => client(read)),
  ]

  return {
    exchanges,
    acknowledged,
    stop: async () => {
      stopped = true
      await Promise.all(clients)
    },
  }
}
