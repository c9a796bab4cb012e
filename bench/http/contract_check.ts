/*
 * Before a peer is measured against Pantheon, it must answer Catalog's contract as Pantheon
 * does: the same statuses, headers that matter and bodies, for good requests and bad ones. A
 * peer that skipped a rule (an unknown field let through, a 500 for bad JSON) would be measured
 * doing less work.
 */
const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi
const MISSING_ID = '0192f0e0-0000-7000-8000-000000000000'

interface ContractRequest {
  name: string
  method: 'GET' | 'POST'
  /** `{created}` stands for the id the first request created on that server. */
  path: string
  contentType?: string
  body?: string
}

const json = 'application/json'
const post = (name: string, body: string, contentType = json): ContractRequest => ({
  name,
  method: 'POST',
  path: '/api/catalog/',
  contentType,
  body,
})

/** Fourteen requests: a create and its reads, then every way Catalog refuses one. */
const REQUESTS: ContractRequest[] = [
  post('create, name trimmed', JSON.stringify({ name: '  Fountain pen ', price: 19.99 })),
  { name: 'read it (1.0)', method: 'GET', path: '/api/v1/catalog/{created}' },
  { name: 'read it (default version)', method: 'GET', path: '/api/catalog/{created}' },
  { name: 'unknown product', method: 'GET', path: `/api/v1/catalog/${MISSING_ID}` },
  { name: 'id that is not a UUID', method: 'GET', path: '/api/v1/catalog/not-a-uuid' },
  post('blank name, three decimals', JSON.stringify({ name: '', price: 1.234 })),
  post('only spaces for a name', JSON.stringify({ name: '   ', price: 1 })),
  post('name over 200 characters', JSON.stringify({ name: 'n'.repeat(201), price: 1 })),
  post('unknown field', JSON.stringify({ name: 'Pen', price: 1, color: 'red' })),
  post('price as a string', JSON.stringify({ name: 'Pen', price: '12.50' })),
  post('no name, negative price', JSON.stringify({ price: -1 })),
  post('an array for a body', '[1]'),
  post('malformed JSON', '{"name": "Pen",'),
  post('not JSON', 'hello', 'text/plain'),
]

/** What may differ between two correct answers: ids, trace ids, the date. */
function normalized(status: number, headers: Headers, text: string): string {
  const body = text.replace(UUID, '<uuid>')
  const parsed = text === '' ? '' : (JSON.parse(body) as unknown)
  if (parsed && typeof parsed === 'object' && 'traceId' in parsed) {
    ;(parsed as Record<string, unknown>).traceId = '<trace>'
  }
  return JSON.stringify({
    status,
    contentType: headers.get('content-type'),
    location: headers.get('location')?.replace(UUID, '<uuid>') ?? null,
    body: parsed,
  })
}

async function answers(base: string): Promise<string[]> {
  let created = ''
  const results: string[] = []
  for (const request of REQUESTS) {
    const response = await fetch(`${base}${request.path.replace('{created}', created)}`, {
      method: request.method,
      headers: request.contentType ? { 'content-type': request.contentType } : {},
      body: request.body,
    })
    const text = await response.text()
    if (request === REQUESTS[0] && response.status === 201) created = JSON.parse(text) as string
    results.push(normalized(response.status, response.headers, text))
  }
  return results
}

/**
 * Fails with every difference unless each peer answers the fourteen requests as Pantheon does
 * (`reference`). Returns how many requests were compared.
 */
export async function requireSameContract(
  reference: string,
  peers: Record<string, string>
): Promise<number> {
  const expected = await answers(reference)
  const differences: string[] = []
  for (const [label, base] of Object.entries(peers)) {
    const actual = await answers(base)
    REQUESTS.forEach((request, index) => {
      if (actual[index] !== expected[index]) {
        differences.push(
          `${label}, ${request.name}:\n  Pantheon: ${expected[index]}\n  ${label}: ${actual[index]}`
        )
      }
    })
  }
  if (differences.length > 0) {
    throw new Error(
      `The peers must answer Catalog's contract as Pantheon does:\n${differences.join('\n')}`
    )
  }
  return REQUESTS.length
}
