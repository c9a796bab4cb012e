import type { Answer } from './outcome.js'

/** The answers found so far in the bytes a server wrote back on one connection. */
export interface ReadAnswers {
  /** Every answer, interim ones (100 Continue) included, in order. */
  answers: Answer[]
  /** Whether the last answer read is a final one, received whole. */
  complete: boolean
}

const HEAD_END = '\r\n\r\n'

/**
 * Reads HTTP/1.1 answers from the bytes received (as latin1 text, one character a byte), one
 * after the other, the way a client does: a 1xx answer is interim and has no body, an answer to
 * HEAD and a 204 or 304 have none either, otherwise the body runs for its Content-Length, to the
 * last chunk, or (with neither) until the connection closes. Enough for answers from Node's HTTP
 * server, which always frames them one of those ways; not a general parser.
 */
export function readAnswers(received: string, firstMethod: string): ReadAnswers {
  const answers: Answer[] = []
  let offset = 0
  let complete = false
  while (offset < received.length) {
    const headEnd = received.indexOf(HEAD_END, offset)
    if (headEnd === -1) return { answers, complete: false }
    const head = received.slice(offset, headEnd)
    const status = Number(/^HTTP\/1\.[01] (\d{3})/.exec(head)?.[1] ?? Number.NaN)
    if (Number.isNaN(status)) return { answers, complete: false }
    answers.push({ status, contentType: header(head, 'content-type') })
    offset = headEnd + HEAD_END.length
    if (status < 200) continue
    const bodyEnd = endOfBody(
      received,
      offset,
      head,
      status,
      answers.length === 1 ? firstMethod : 'GET'
    )
    if (bodyEnd === undefined) return { answers, complete: false }
    offset = bodyEnd
    complete = true
  }
  return { answers, complete }
}

function header(head: string, name: string): string | undefined {
  return new RegExp(`\\r\\n${name}:[ \\t]*([^\\r]*)`, 'i').exec(head)?.[1]
}

/** Where the body starting at `start` ends; undefined while it is not all there. */
function endOfBody(
  received: string,
  start: number,
  head: string,
  status: number,
  method: string
): number | undefined {
  if (method === 'HEAD' || status === 204 || status === 304) return start
  const length = header(head, 'content-length')
  if (length !== undefined) {
    const end = start + Number(length)
    return received.length >= end ? end : undefined
  }
  if (/chunked/i.test(header(head, 'transfer-encoding') ?? '')) {
    let offset = start
    for (;;) {
      const lineEnd = received.indexOf('\r\n', offset)
      if (lineEnd === -1) return undefined
      const size = Number.parseInt(received.slice(offset, lineEnd), 16)
      if (size === 0) {
        const end = received.indexOf(HEAD_END, lineEnd)
        return end === -1 ? undefined : end + HEAD_END.length
      }
      offset = lineEnd + 2 + size + 2
      if (offset > received.length) return undefined
    }
  }
  // Delimited by the connection's end: whole only once the server closes.
  return undefined
}
