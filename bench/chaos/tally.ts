import type { GeneratedRequest } from '#tests/common/bad_requests/generated_request'
import type { Answer, Outcome } from './outcome.js'

/** A request kept to show how to reproduce a failure. */
export interface Example {
  /** Its position in the run (0-based): with the seed, it is generated again. */
  index: number
  request: GeneratedRequest
  outcome: Outcome
}

/** Examples kept per kind of failure: enough to reproduce, few enough to read. */
const EXAMPLES = 5

/** What a run of requests got back: counts per answer, and examples of each failure. */
export class Tally {
  readonly counts = new Map<string, number>()
  sent = 0
  /** How long the run took. */
  seconds = 0
  serverErrors = 0
  hangs = 0
  readonly serverErrorExamples: Example[] = []
  /** Failures answered with a body that is not problem details. */
  notProblemDetails = 0
  readonly notProblemDetailsExamples: Example[] = []
  readonly hangExamples: Example[] = []
  /** Requests sent whole and complete whose connection ended without an answer. */
  dropped = 0
  readonly droppedExamples: Example[] = []
  /**
   * Requests whose connection ended without an answer while they were still being sent, or
   * that were truncated on purpose: the server refused them before reading them to the end (or
   * could not find their end) and closed the connection.
   */
  cutOff = 0

  record(index: number, request: GeneratedRequest, outcome: Outcome) {
    this.sent += 1
    const label = labelOf(outcome)
    this.counts.set(label, (this.counts.get(label) ?? 0) + 1)
    if (outcome.answers.some((answer) => answer.status >= 500)) {
      this.serverErrors += 1
      if (this.serverErrorExamples.length < EXAMPLES)
        this.serverErrorExamples.push({ index, request, outcome })
    }
    if (outcome.answers.some(isNotProblemDetails)) {
      this.notProblemDetails += 1
      if (this.notProblemDetailsExamples.length < EXAMPLES)
        this.notProblemDetailsExamples.push({ index, request, outcome })
    }
    if (outcome.ending === 'closed' || outcome.ending === 'reset') {
      const truncated = request.framing === 'raw' && request.truncated === true
      if (outcome.sentWhole && !truncated) {
        this.dropped += 1
        if (this.droppedExamples.length < EXAMPLES)
          this.droppedExamples.push({ index, request, outcome })
      } else {
        this.cutOff += 1
      }
    }
    if (outcome.ending === 'hang') {
      this.hangs += 1
      if (this.hangExamples.length < EXAMPLES) this.hangExamples.push({ index, request, outcome })
    }
  }
}

/**
 * A failure whose body is not problem details. One without a Content-Type is Node's own answer
 * to bytes it cannot parse as a request (400, 417, 431): a status line and no body.
 */
function isNotProblemDetails(answer: Answer): boolean {
  return (
    answer.status >= 400 &&
    answer.contentType !== undefined &&
    !answer.contentType.startsWith('application/problem+json')
  )
}

/** The table row an outcome counts in: its first status, or how it ended without one. */
function labelOf(outcome: Outcome): string {
  if (outcome.answers.length === 0) {
    return {
      answered: 'answered',
      closed: 'no answer: closed',
      reset: 'no answer: reset',
      hang: 'no answer: hang',
      refused: 'no answer: refused',
    }[outcome.ending]
  }
  const [first, ...more] = outcome.answers.map((answer) => answer.status)
  return more.length === 0 ? String(first) : `${first} (then ${more.join(', ')})`
}
