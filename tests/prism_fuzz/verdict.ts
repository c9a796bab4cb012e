import type { Exchange } from '#tests/common/contract/exchange'
import { isFloatArithmeticFinding } from '#tests/prism_replay/float_arithmetic'
import {
  listedViolations,
  prismErrorKind,
  type PrismAnswer,
  type PrismViolation,
} from '#tests/prism_replay/prism_answer'
import type { FuzzRequest } from './requests.js'

export interface FuzzVerdict {
  problems: string[]
  /** Findings dismissed as Prism's binary arithmetic (isFloatArithmeticFinding). */
  floatFindings: number
}

/** The request and Prism's answer (the service's, passed on) as the contract checks see them. */
function fuzzExchange(request: FuzzRequest, answer: PrismAnswer): Exchange {
  const responseHeaders = Object.fromEntries(
    Object.entries(answer.headers).map(([name, value]) => [
      name,
      Array.isArray(value) ? value.join(', ') : (value ?? ''),
    ])
  )
  return {
    method: request.method,
    path: request.path,
    query: request.query,
    requestHeaders: request.headers,
    requestBody: request.body,
    status: answer.status,
    responseHeaders,
    responseBody: answer.body,
  }
}

function describe(violations: PrismViolation[]): string {
  return violations
    .map((violation) => `${violation.location.join('.')}: ${violation.message}`)
    .join('; ')
}

/**
 * Prism's judgement (its `sl-violations`, a proxy without --errors) of one generated request
 * and the service's answer:
 * - the answer must be one the operation declares: status, headers and body (a documented
 *   4xx is fine), and never a 5xx;
 * - a request generated valid must be one Prism finds valid too, and the service must not
 *   refuse it (400);
 * - a request generated to break a rule must be one Prism finds invalid, and the service must
 *   not accept it (2xx).
 * An answer Prism gave itself (no path, no method matched) means it could not judge.
 */
export function judgeFuzzed(request: FuzzRequest, answer: PrismAnswer): FuzzVerdict {
  const exchange = fuzzExchange(request, answer)
  const kind = prismErrorKind(answer)
  if (kind !== undefined) {
    return {
      problems: [`Prism answered for itself (${kind}): ${answer.body.slice(0, 300)}`],
      floatFindings: 0,
    }
  }
  const found = listedViolations(answer)
  const real = found.filter((violation) => !isFloatArithmeticFinding(violation, exchange))
  const onRequest = real.filter((violation) => violation.location[0] === 'request')
  const onResponse = real.filter((violation) => violation.location[0] === 'response')
  const problems: string[] = []
  const body = answer.body.slice(0, 300)
  if (onResponse.length > 0) {
    problems.push(
      `the ${answer.status} answer is not one the operation declares: ${describe(onResponse)}`
    )
  }
  if (answer.status >= 500) problems.push(`the service failed (${answer.status}): ${body}`)
  if (request.breaks === undefined) {
    if (onRequest.length > 0) {
      problems.push(`Prism refuses this request generated valid: ${describe(onRequest)}`)
    }
    if (answer.status === 400) {
      problems.push(`the service refused (400) a request the document allows: ${body}`)
    }
  } else {
    if (onRequest.length === 0) {
      problems.push(`Prism finds nothing wrong with a request made to break ${request.breaks}`)
    }
    if (answer.status >= 200 && answer.status < 300) {
      problems.push(
        `the service accepted (${answer.status}) a request that breaks ${request.breaks}`
      )
    }
  }
  return { problems, floatFindings: found.length - real.length }
}
