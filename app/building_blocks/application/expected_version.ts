import { AppError } from './app_error.js'
import { failure, type Result, success } from './result.js'

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

/** The 404 of an aggregate nothing is stored under: `<Entity>.NotFound`. */
export function entityNotFound(entity: string, id: string): AppError {
  return AppError.notFound(`${entity}.NotFound`, `${entity} ${id} was not found`)
}

/**
 * The stored aggregate a change names, once it is known the change may go ahead: 404
 * `<Entity>.NotFound` when nothing is stored under the id, 412 `<Entity>.VersionMismatch` when
 * the stored version is not one the change was made against. `find` answers null for an id that
 * cannot name one (not a valid id) as for one that names none.
 *
 *   const found = await storedForChange('Product', command, (id) => this.find(id))
 *   if (!found.ok) return found
 */
export async function storedForChange<Aggregate extends { readonly version: number }>(
  entity: string,
  change: { readonly id: string; readonly expectedVersion?: ExpectedVersion },
  find: (id: string) => Promise<Aggregate | null>
): Promise<Result<Aggregate>> {
  const stored = await find(change.id)
  if (!stored) return failure(entityNotFound(entity, change.id))
  const stale = versionMismatch(entity, change.id, change.expectedVersion, stored.version)
  return stale ? failure(stale) : success(stored)
}
