import type { GeneratedRequest } from '#tests/common/bad_requests/generated_request'
import { sentBytes } from './exchange.js'
import type { Example, Tally } from './tally.js'

/** One database's run, as the report needs it. */
export interface DatabaseRun {
  label: string
  port: number
  tally?: Tally
  /** The server process had exited by the end of the run. */
  crashed: boolean
  /** GET /health/live after the run; undefined when it got no answer. */
  liveStatus?: number
  /** Why the run could not happen at all (a database that cannot be created, a failed start). */
  failure?: string
  /** The server's logged errors (or, after a crash, its last output lines). */
  serverLog: string[]
}

export function passed(run: DatabaseRun): boolean {
  return (
    run.failure === undefined &&
    run.tally !== undefined &&
    run.tally.serverErrors === 0 &&
    run.tally.notProblemDetails === 0 &&
    run.tally.hangs === 0 &&
    run.tally.dropped === 0 &&
    !run.crashed &&
    run.liveStatus === 200
  )
}

const number = (value: number) => value.toLocaleString('en-US')

/** Printable ASCII as it is, every other byte as \xNN: what was sent, byte for byte. */
function escaped(bytes: Buffer, limit: number): string {
  let text = ''
  for (const byte of bytes.subarray(0, limit)) {
    if (byte === 0x0d) text += '\\r'
    else if (byte === 0x0a) text += '\\n'
    else if (byte === 0x5c) text += '\\\\'
    // A backquote would end the Markdown code span the bytes are printed in.
    else if (byte >= 0x20 && byte < 0x7f && byte !== 0x60) text += String.fromCharCode(byte)
    else text += `\\x${byte.toString(16).padStart(2, '0')}`
  }
  return bytes.length > limit ? `${text}… (${number(bytes.length)} bytes)` : text
}

function describeRequest(example: Example, port: number): string[] {
  const { request, outcome } = example
  const lines = [`- request #${example.index} (${request.kind}), answer: ${answerOf(example)}`]
  if (outcome.transport === 'raw') {
    lines.push(`  - sent byte for byte: \`${escaped(sentBytes(request, port), 400)}\``)
    return lines
  }
  // Node's HTTP client writes the request line and header values one byte per character.
  const client = request as Extract<GeneratedRequest, { framing: 'client' }>
  lines.push(`  - \`${client.method} ${escaped(Buffer.from(client.target, 'latin1'), 200)}\``)
  for (const [name, value] of client.headers)
    lines.push(`  - header \`${name}: ${escaped(Buffer.from(value, 'latin1'), 200)}\``)
  if (client.body) lines.push(`  - body: \`${escaped(client.body, 200)}\``)
  return lines
}

function answerOf({ outcome }: Example): string {
  if (outcome.ending === 'hang') return 'none within the time limit'
  if (outcome.answers.length === 0)
    return `none (${outcome.ending}${outcome.error ? `: ${outcome.error}` : ''})`
  const answers = outcome.answers.map(({ status, contentType }) => `${status} ${contentType ?? ''}`)
  return `${answers.join(', ')} \`${escaped(Buffer.from(outcome.answer, 'latin1'), 200)}\``
}

/** Numbers first, in order, then the ways of getting no answer. */
function rows(tally: Tally): Array<[string, number]> {
  return [...tally.counts].sort(([a], [b]) => {
    const [left, right] = [Number.parseInt(a), Number.parseInt(b)]
    if (Number.isNaN(left) || Number.isNaN(right)) return Number.isNaN(left) ? 1 : -1
    return left - right || a.localeCompare(b)
  })
}

export function databaseSection(run: DatabaseRun): string[] {
  const lines = ['', `### ${run.label}`]
  if (run.failure !== undefined) return [...lines, '', `The run could not happen: ${run.failure}`]
  const tally = run.tally!
  lines.push(
    '',
    `${number(tally.sent)} requests in ${tally.seconds.toFixed(1)} s.`,
    '',
    '| answer | requests |',
    '| --- | ---: |'
  )
  for (const [label, count] of rows(tally)) lines.push(`| ${label} | ${number(count)} |`)
  const live =
    run.liveStatus === undefined
      ? 'no answer'
      : `${run.liveStatus}${run.liveStatus === 200 ? '' : ' (FAIL)'}`
  lines.push(
    '',
    `- 5xx: ${number(tally.serverErrors)}`,
    `- failures answered with a body that is not problem details: ${number(tally.notProblemDetails)}`,
    `- hangs (no answer within the time limit): ${number(tally.hangs)}`,
    `- dropped (sent whole, connection ended without an answer): ${number(tally.dropped)}`,
    `- cut off (connection ended while the request was still being sent, or truncated on purpose; not a failure): ${number(tally.cutOff)}`,
    `- crashed: ${run.crashed ? '**yes**' : 'no'}; GET /health/live afterwards: ${live}`
  )
  for (const [title, examples, total] of [
    ['Answered 5xx', tally.serverErrorExamples, tally.serverErrors],
    ['Not problem details', tally.notProblemDetailsExamples, tally.notProblemDetails],
    ['Hangs', tally.hangExamples, tally.hangs],
    ['Dropped', tally.droppedExamples, tally.dropped],
  ] as const) {
    if (examples.length === 0) continue
    lines.push('', `#### ${title} (${examples.length} of ${number(total)})`, '')
    for (const example of examples) lines.push(...describeRequest(example, run.port))
  }
  if (run.serverLog.length > 0 && !passed(run)) {
    lines.push('', '#### Server log', '', '```', ...run.serverLog, '```')
  }
  return lines
}
