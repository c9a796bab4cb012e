/** One finding of Prism's validator, as its `sl-violations` header and its error bodies list them. */
export interface PrismViolation {
  /** ['request', 'body', 'price'] in the header; the error bodies leave out the first part. */
  location: string[]
  severity: string
  code: string | number
  message: string
}

/** What a Prism proxy answered to one replayed request. */
export interface PrismAnswer {
  status: number
  headers: Record<string, string | string[] | undefined>
  body: string
}

const PRISM_ERRORS = 'https://stoplight.io/prism/errors#'

/** Prism's own error kind (UNPROCESSABLE_ENTITY, VIOLATIONS, NO_PATH_MATCHED_ERROR, …), if any. */
export function prismErrorKind(answer: PrismAnswer): string | undefined {
  if (!String(answer.headers['content-type'] ?? '').includes('problem+json')) return undefined
  try {
    const type = (JSON.parse(answer.body) as { type?: unknown }).type
    return typeof type === 'string' && type.startsWith(PRISM_ERRORS)
      ? type.slice(PRISM_ERRORS.length)
      : undefined
  } catch {
    return undefined
  }
}

/** The findings a proxy without --errors listed in `sl-violations`; errors only. */
export function listedViolations(answer: PrismAnswer): PrismViolation[] {
  const header = answer.headers['sl-violations']
  if (header === undefined) return []
  const listed = JSON.parse(Array.isArray(header) ? header.join(',') : header) as PrismViolation[]
  return listed.filter((violation) => violation.severity === 'Error')
}
