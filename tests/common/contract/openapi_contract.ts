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

/** A media range's `v` parameter in Accept, as the service reads it (api_version_readers.ts). */
const ACCEPT_VERSION = /;[ \t]*v[ \t]*=/i

/**
 * Holds every exchange with a documented operation to the documents, in both directions:
 * - what the service accepts (2xx) must be a request some document allows;
 * - a request a document allows must not be refused as invalid (400);
 * - every response must be one its operation declares: status, headers, body.
 * A request may match operations in several documents (the version-neutral ones of each API
 * version, or a version named outside the URL, read as that version's path: namedVersionPath):
 * it is allowed when one of them allows it, and its response must conform to one of those. A
 * request no document allows must still get a declared (failure) response.
 * A HEAD is held to the GET operation of its path, its body aside (DocumentedOperations).
 * OPTIONS (204 with Allow, answered by the host on every path) and a method a path does not
 * take (405 with Allow) have no operation, as usual in OpenAPI documents: those exchanges are
 * undocumented and held to nothing (http_methods.spec.ts tests them). A version named in
 * Accept waives the second rule (see check).
 */
export class OpenApiContract {
  readonly #operations: DocumentedOperations
  readonly #conformance = new Conformance(createSchemaValidator())

  constructor(documents: Record<string, object>) {
    this.#operations = new DocumentedOperations(documents)
  }

  check(exchange: Exchange): Verdict {
    const candidates = this.#operations.matchExchange(exchange)
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
    // The service also reads the version from the `v` parameter of Accept's media ranges
    // (application/json;v=2.0), which no document can describe: OpenAPI 3 ignores an Accept
    // header parameter. A request naming a version there may be refused for it (one that does
    // not exist, or that another reader contradicts) though every document allows it, so this
    // direction does not apply to it; the others do.
    const versionInAccept = ACCEPT_VERSION.test(exchange.requestHeaders.accept ?? '')
    if (allowing.length > 0 && exchange.status === 400 && !versionInAccept) {
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
