import { connect } from 'node:net'
import type { RawCase } from '#tests/common/bad_requests/generated_request'
import { ANSWER_EXCERPT, endingOf, type Outcome } from './outcome.js'
import { readAnswers } from './response_reader.js'

/** Enough of an answer to read every answer in it (API answers are a few KB at most). */
const KEPT_BYTES = 1024 * 1024
/**
 * How long to wait, once an answer is whole, for a second one: bytes past the first request
 * (pipelined, or a body longer than its Content-Length) are answered right after it.
 */
const QUIET_MS = 200

/**
 * Sends bytes exactly as given on a new connection and reads what comes back. The connection
 * stays open, as a client's would, until the answer is whole (then a moment more for answers
 * to any bytes past the first request), the server closes it, or the time limit passes. A
 * truncated case closes its sending side after its bytes (the server must learn that nothing
 * more is coming rather than wait for it), and so does a half-closed one, a whole request whose
 * client still reads: the server must answer it (Node's default drops it as a client gone).
 */
export function rawExchange(
  port: number,
  request: Pick<RawCase, 'bytes' | 'truncated' | 'halfClosed'>,
  limitMs: number
): Promise<Outcome> {
  const method = request.bytes.subarray(0, 16).toString('latin1').split(' ')[0]
  return new Promise((resolve) => {
    const received: Buffer[] = []
    let receivedBytes = 0
    let failure: NodeJS.ErrnoException | undefined
    let quiet: NodeJS.Timeout | undefined
    let finished = false
    let sentWhole = false
    const written = (error?: Error | null) => (sentWhole = !error)
    const socket = connect({ host: '127.0.0.1', port }, () =>
      request.truncated || request.halfClosed
        ? socket.end(request.bytes, written)
        : socket.write(request.bytes, written)
    )

    const readSoFar = () => readAnswers(Buffer.concat(received).toString('latin1'), method)
    const finish = (ending: 'closed' | 'hang' | 'whole') => {
      if (finished) return
      finished = true
      clearTimeout(limit)
      clearTimeout(quiet)
      socket.destroy()
      const read = readSoFar()
      // Interim answers (100 Continue) are not answers to the request.
      const answers = read.answers.filter((answer) => answer.status >= 200)
      const stalled = ending === 'hang' && !read.complete
      resolve({
        answers: stalled ? [] : answers,
        ending: stalled ? 'hang' : answers.length > 0 ? 'answered' : endingOf(failure),
        answer: Buffer.concat(received).toString('latin1').slice(0, ANSWER_EXCERPT),
        transport: 'raw',
        sentWhole,
        error: failure?.code,
      })
    }
    const limit = setTimeout(() => finish('hang'), limitMs)

    socket.on('data', (chunk: Buffer) => {
      if (receivedBytes < KEPT_BYTES) received.push(chunk)
      receivedBytes += chunk.length
      clearTimeout(quiet)
      if (readSoFar().complete) quiet = setTimeout(() => finish('whole'), QUIET_MS)
    })
    // A server that answers early and closes may make the rest of the write fail: the answer
    // still counts, and 'close' follows.
    socket.on('error', (error) => (failure ??= error))
    socket.on('close', () => finish('closed'))
  })
}
