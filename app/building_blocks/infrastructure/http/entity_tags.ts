import type { HttpContext } from '@adonisjs/core/http'
import type { ExpectedVersion } from '../../application/expected_version.js'
import type { ProblemInput } from './problem_details.js'

/** One entity tag of an If-Match or If-None-Match list (RFC 9110 §8.8.3). */
interface EntityTag {
  weak: boolean
  opaque: string
}

/** `*`, or the entity tags a header lists. */
type EntityTagList = '*' | EntityTag[]

const TAG = '(?:W/)?"[!#-~\\u0080-\\u00ff]*"'

/**
 * RFC 9110's `"*" / #entity-tag`, as a JSON Schema pattern too: the API document and the check
 * of a request share one grammar. etagc is any visible character but the quote.
 */
export const ENTITY_TAG_LIST_PATTERN = `^\\s*(?:\\*|${TAG}(?:\\s*,\\s*${TAG})*)\\s*$`
const ENTITY_TAG_LIST = new RegExp(ENTITY_TAG_LIST_PATTERN)

/** A header's entity tags, or undefined when it does not follow the grammar. */
function parseEntityTags(header: string): EntityTagList | undefined {
  if (!ENTITY_TAG_LIST.test(header)) return undefined
  if (header.trim() === '*') return '*'
  return [...header.matchAll(/(W\/)?"([^"]*)"/g)].map((match) => ({
    weak: match[1] !== undefined,
    opaque: match[2],
  }))
}

/** The ETag of a stored version: a strong tag, since a version names one exact state. */
export function versionTag(version: number): string {
  return `"${version}"`
}

function versionOf(tag: EntityTag): number | undefined {
  return /^(0|[1-9]\d{0,14})$/.test(tag.opaque) ? Number(tag.opaque) : undefined
}

/**
 * The versions a request's If-Match names, for the command it sends: 'any' for `*`, the
 * versions of its strong tags otherwise (If-Match compares strongly, so a weak tag matches
 * nothing, nor does a tag this service never issued). Undefined without the header.
 */
export function expectedVersionOf(ctx: HttpContext): ExpectedVersion | undefined {
  const header = ctx.request.header('if-match')
  if (header === undefined) return undefined
  const tags = parseEntityTags(header)
  if (tags === '*') return 'any'
  return (tags ?? []).flatMap((tag) => {
    const version = tag.weak ? undefined : versionOf(tag)
    return version === undefined ? [] : [version]
  })
}

/** Whether If-None-Match names the stored version (weak comparison, as RFC 9110 asks). */
export function namesCurrentVersion(ctx: HttpContext, version: number): boolean {
  const header = ctx.request.header('if-none-match')
  if (header === undefined) return false
  const tags = parseEntityTags(header)
  if (tags === '*') return true
  return (tags ?? []).some((tag) => versionOf(tag) === version)
}

/** What a precondition header must look like, for the 400 that refuses another. */
const GRAMMAR =
  'either * or quoted entity tags separated by commas, such as "3" (the ETag of a GET)'

/**
 * The problem with a request's preconditions, for an endpoint whose resource has versions: a
 * header that is not an entity-tag list answers 400 (a condition that cannot be read is never
 * taken as met); a change without If-Match, where the module requires one, answers 428.
 */
export function preconditionProblem(
  ctx: HttpContext,
  options: { requireIfMatch: boolean }
): ProblemInput | undefined {
  for (const [name, code] of [
    ['if-match', 'Request.InvalidIfMatch'],
    ['if-none-match', 'Request.InvalidIfNoneMatch'],
  ] as const) {
    const header = ctx.request.header(name)
    if (header !== undefined && parseEntityTags(header) === undefined) {
      const title = name === 'if-match' ? 'If-Match' : 'If-None-Match'
      return { status: 400, code, detail: `${title} must be ${GRAMMAR}` }
    }
  }
  const method = ctx.request.method()
  if (options.requireIfMatch && !['GET', 'HEAD'].includes(method)) {
    if (ctx.request.header('if-match') === undefined) {
      return {
        status: 428,
        code: 'Request.IfMatchRequired',
        detail: `${method} here needs If-Match: GET the resource and send its ETag, so that a change made meanwhile is never overwritten`,
      }
    }
  }
  return undefined
}
