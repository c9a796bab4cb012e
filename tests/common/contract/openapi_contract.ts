import { Conformance } from './conformance.js'
import { DocumentedOperations, type MatchedOperation } from './documented_operations.js'
import type { Exchange } from './exchange.js'
import { createSchemaValidator } from './schema_validator.js'

export interface Verdict {
  /** False when no document has an operation for the request (nothing to hold it to). */
  documented: boolean
  violations: string[]
}

function label(matched: MatchedOperation): string {
  return `${matched.document} ${matched.method} ${matched.path}`
}

/**
 * Holds every exchange with a documented operation to the documents, in both directions:
 * - what the service accepts (2xx) must be a request some document allows;
 * - a request a document allows must not be refused as invalid (400);
 * - every response must be one its operation declares: status, headers, body.
 * A request may match the same operation in several documents (the unversioned paths of each
 * API version): it is allowed when one of them allows it, and its response must conform to
 * one of those. A request no document allows must still get a declared (failure) response.
 */
export class OpenApiContract {
  readonly #operations: DocumentedOperations
  readonly #conformance = new Conformance(createSchemaValidator())

  constructor(documents: Record<string, object>) {
    this.#operations = new DocumentedOperations(documents)
  }

  check(exchange: Exchange): Verdict {
    const candidates = this.#operations.match(exchange.method, exchange.path)
    if (candidates.length === 0) return { documented: false, violations: [] }

    const requestProblems = candidates.map((matched) => ({
      matched,
      problems: this.#conformance.request(exchange, matched),
    }))
    const allowing = requestProblems.filter(({ problems }) => problems.length === 0)
    const violations: string[] = []
    const success = exchange.status >= 200 && exchange.status < 300

    if (allowing.length === 0 && success) {
      violations.push(
        `the service accepted (${exchange.status}) a request no document allows:`,
        ...requestProblems.flatMap(({ matched, problems }) =>
          problems.map((problem) => `  ${label(matched)}: ${problem}`)
        )
      )
    }
    if (allowing.length > 0 && exchange.status === 400) {
      violations.push(
        `the service refused (400) a request ${allowing.map(({ matched }) => label(matched)).join(' and ')} allows: ${exchange.responseBody}`
      )
    }

    const judged = allowing.length > 0 ? allowing : requestProblems
    const responseProblems = judged.map(({ matched }) => ({
      matched,
      problems: this.#conformance.response(exchange, matched),
    }))
    if (!responseProblems.some(({ problems }) => problems.length === 0)) {
      violations.push(
        `the ${exchange.status} response is not one the operation declares:`,
        ...responseProblems.flatMap(({ matched, problems }) =>
          problems.map((problem) => `  ${label(matched)}: ${problem}`)
        )
      )
    }
    return { documented: true, violations }
  }
}
