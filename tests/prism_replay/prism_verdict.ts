import type { Exchange } from '#tests/common/contract/exchange'
import { isFloatArithmeticFinding } from './float_arithmetic.js'
import {
  listedViolations,
  prismErrorKind,
  type PrismAnswer,
  type PrismViolation,
} from './prism_answer.js'

/** Prism's two answers to one exchange replayed against one document. */
export interface DocumentAnswers {
  document: string
  /** From the proxy with --errors: the upstream's answer, or Prism's error for a violation. */
  gate: PrismAnswer
  /** From the proxy without --errors: the upstream's answer with Prism's findings listed. */
  observed: PrismAnswer
}

export interface ExchangeVerdict {
  problems: string[]
  /** Findings dismissed as Prism's binary arithmetic (isFloatArithmeticFinding). */
  floatFindings: number
}

/** A version named in Accept's `v` parameter, which no OpenAPI document can describe. */
const ACCEPT_VERSION = /;[ \t]*v[ \t]*=/i

function describe(violations: PrismViolation[]): string {
  return violations
    .map((violation) => `${violation.location.join('.')}: ${violation.message}`)
    .join('; ')
}

/**
 * Prism's judgement of one exchange of the suite, by the rules the suite's own contract check
 * applies (tests/common/contract/openapi_contract.ts), over every document with an operation
 * for it (a version-neutral path is in each version's document, and a version named outside
 * the URL is replayed at that version's path):
 * - a request the service accepted (2xx) must be one some document allows;
 * - a request some document allows must not be refused as invalid (400), unless it names a
 *   version in Accept (no document can say which ones the service takes there) or gives the
 *   api-version parameter or X-Api-Version header an empty value (Prism reads an empty value as
 *   none and never holds it to the pattern that forbids it; the suite's own contract check
 *   does);
 * - the response must be one its operation declares, in a document that allows the request
 *   (in any of them when none does).
 * Prism's --errors answer must agree with its own findings: the upstream's answer when it
 * found nothing, its 422 for a request it finds invalid, its 500 for a response. Any other
 * answer (no path, no method) means Prism could not judge the exchange, which is a problem.
 */
function namesEmptyVersion(exchange: Exchange): boolean {
  return (
    exchange.query.getAll('api-version').some((value) => value.trim() === '') ||
    exchange.requestHeaders['x-api-version']?.trim() === ''
  )
}

export function judgeExchange(exchange: Exchange, answers: DocumentAnswers[]): ExchangeVerdict {
  const problems: string[] = []
  let floatFindings = 0
  const judged = answers.map((answer) => {
    const found = listedViolations(answer.observed)
    const real = found.filter((violation) => !isFloatArithmeticFinding(violation, exchange))
    floatFindings += found.length - real.length
    const request = real.filter((violation) => violation.location[0] === 'request')
    const response = real.filter((violation) => violation.location[0] === 'response')
    const kind = prismErrorKind(answer.gate)
    const expected = found.some((violation) => violation.location[0] === 'request')
      ? 'UNPROCESSABLE_ENTITY'
      : found.length > 0
        ? 'VIOLATIONS'
        : undefined
    if (kind !== expected || (kind === undefined && answer.gate.status !== exchange.status)) {
      problems.push(
        `${answer.document}: prism --errors answered ${answer.gate.status}${kind ? ` ${kind}` : ''}, not what its findings call for (${expected ?? `the recorded ${exchange.status}`}): ${answer.gate.body.slice(0, 300)}`
      )
    }
    return { document: answer.document, request, response }
  })

  const allowing = judged.filter(({ request }) => request.length === 0)
  if (allowing.length === 0 && exchange.status >= 200 && exchange.status < 300) {
    problems.push(
      `the service accepted (${exchange.status}) a request no document allows: ${judged.map(({ document, request }) => `${document}: ${describe(request)}`).join(' | ')}`
    )
  }
  const versionInAccept = ACCEPT_VERSION.test(exchange.requestHeaders.accept ?? '')
  if (
    allowing.length > 0 &&
    exchange.status === 400 &&
    !versionInAccept &&
    !namesEmptyVersion(exchange)
  ) {
    problems.push(
      `the service refused (400) a request ${allowing.map(({ document }) => document).join(' and ')} allows: ${exchange.responseBody.slice(0, 300)}`
    )
  }
  const candidates = allowing.length > 0 ? allowing : judged
  if (!candidates.some(({ response }) => response.length === 0)) {
    problems.push(
      `the ${exchange.status} response is not one the operation declares: ${candidates.map(({ document, response }) => `${document}: ${describe(response)}`).join(' | ')}`
    )
  }
  return { problems, floatFindings }
}
