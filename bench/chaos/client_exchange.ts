import { request as httpRequest, type Agent, type OutgoingHttpHeaders } from 'node:http'
import type { ClientCase } from '#tests/common/bad_requests/generated_request'
import { ANSWER_EXCERPT, endingOf, type Answer, type Outcome } from './outcome.js'

/**
 * Sends a well-framed request with Node's HTTP client on a keep-alive connection, as a real
 * client would: header lines in the order given (repeats included), Host and Content-Length
 * added when missing. Throws at once, before sending anything, when the client refuses the
 * request as written (a character it will not put in a path or header): the caller then sends
 * its bytes over a raw socket instead.
 */
export function clientExchange(
  agent: Agent,
  port: number,
  request: ClientCase,
  limitMs: number
): Promise<Outcome> {
  const names = new Set(request.headers.map(([name]) => name.toLowerCase()))
  // Given as a flat list, headers go out exactly as listed: Node adds none of its own then.
  const headers: string[] = names.has('host') ? [] : ['host', `127.0.0.1:${port}`]
  for (const [name, value] of request.headers) headers.push(name, value)
  if (request.body && !names.has('content-length'))
    headers.push('content-length', String(request.body.length))

  const sent = httpRequest({
    host: '127.0.0.1',
    port,
    method: request.method,
    path: request.target,
    headers: headers as unknown as OutgoingHttpHeaders,
    agent,
  })
  return new Promise((resolve) => {
    let answer: Answer | undefined
    let excerpt = ''
    let sentWhole = false
    sent.on('finish', () => (sentWhole = true))
    const finish = (ending: Outcome['ending'], error?: NodeJS.ErrnoException) => {
      clearTimeout(timer)
      // A server that answered before reading the whole body may never read the rest: the
      // connection would stay taken, and the next requests would queue for one.
      if (!sentWhole) sent.destroy()
      // An answer begun but not finished within the limit is no answer: a hang.
      const whole = ending === 'hang' ? undefined : answer
      resolve({
        answers: whole ? [whole] : [],
        ending: whole ? 'answered' : ending,
        answer: excerpt,
        transport: 'client',
        sentWhole,
        error:
          error &&
          `${error.code} ${error.message}${sent.reusedSocket ? ' (reused connection)' : ''}`,
      })
    }
    const timer = setTimeout(() => {
      sent.destroy()
      finish('hang')
    }, limitMs)

    sent.on('response', (response) => {
      answer = { status: response.statusCode ?? 0, contentType: response.headers['content-type'] }
      response.setEncoding('latin1')
      response.on('data', (chunk: string) => {
        if (excerpt.length < ANSWER_EXCERPT)
          excerpt += chunk.slice(0, ANSWER_EXCERPT - excerpt.length)
      })
      response.on('end', () => finish('answered'))
      // An answer cut off midway still has its status.
      response.on('error', (error) => finish('answered', error))
      response.on('close', () => finish('answered'))
    })
    sent.on('error', (error) => finish(endingOf(error), error))
    sent.end(request.body)
  })
}
