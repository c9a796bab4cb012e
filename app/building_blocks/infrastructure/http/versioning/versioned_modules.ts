import { VERSION_SEGMENT_MATCHER } from './api_version.js'
import type { ApiVersionPolicy } from './api_version_policy.js'

/** The versioned module a request path belongs to, and the version segment of the path. */
export interface VersionedPath {
  policy: ApiVersionPolicy
  /** `v2` in /api/v2/<module>/…; undefined under /api/<module>/…. */
  segment?: string
}

/**
 * The versioned modules of the host by URL segment, filled as they mount their routes. It lets
 * the answers no module route gives (404, 405, OPTIONS) report a module's versions like its
 * endpoints do, for any path under /api/<module> or /api/v<N>/<module>.
 */
export class VersionedModules {
  readonly #byPrefix = new Map<string, ApiVersionPolicy>()

  add(routeSegment: string, policy: ApiVersionPolicy): void {
    this.#byPrefix.set(routeSegment, policy)
  }

  /** The module a request path belongs to, if that module is versioned. */
  find(path: string): VersionedPath | undefined {
    const [, api, first, second] = path.split('/', 4)
    if (api !== 'api' || first === undefined) return undefined
    const policy = this.#byPrefix.get(first)
    if (policy) return { policy }
    if (second === undefined || !VERSION_SEGMENT_MATCHER.match.test(first)) return undefined
    const versioned = this.#byPrefix.get(second)
    return versioned && { policy: versioned, segment: first }
  }
}
