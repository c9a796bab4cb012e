import { AppError } from './app_error.js'

/**
 * The versions of an aggregate a change was made against, as its caller said (over HTTP, the
 * If-Match header): `'any'` for whichever version is stored (`If-Match: *`), or versions one of
 * which must be the stored one. An empty list names none this service gave out (a tag it never
 * issued), so no stored version matches it.
 */
export type ExpectedVersion = 'any' | readonly number[]

/** Whether the stored version satisfies what the caller expected (nothing expected: always). */
export function isExpectedVersion(expected: ExpectedVersion | undefined, stored: number): boolean {
  return expected === undefined || expected === 'any' || expected.includes(stored)
}

/**
 * The failure of a change made against a version that is no longer the stored one, or undefined
 * when the stored version is one the caller expected. Answered 412: nothing was changed.
 *
 *   const stale = versionMismatch('Product', command.id, command.expectedVersion, existing.version)
 *   if (stale) return failure(stale)
 */
export function versionMismatch(
  entity: string,
  id: string,
  expected: ExpectedVersion | undefined,
  stored: number
): AppError | undefined {
  if (isExpectedVersion(expected, stored)) return undefined
  return AppError.preconditionFailed(
    `${entity}.VersionMismatch`,
    `${entity} ${id} is at version ${stored}, not the version this change was made against: read it again and reapply the change`
  )
}
