import { basename, join, relative, sep } from 'node:path'
import { importersOf, type ImportGraph } from './import_graph.js'

/*
 * What a remove-* command deletes, decided from the app's import graph without touching the
 * disk (unit-tested on plain maps): the files it was asked to remove, the tests that import
 * them, and what else uses them. An endpoint, a consumer or an event publisher that uses a
 * removed file exists only to expose or connect it: it is a dependent that --force removes too.
 * Any other file that uses one (a hand-written use case, another entity) is a dependent --force
 * leaves in place, named in a warning, since only its author knows what it should become.
 */

/** What a file that uses a removed one is, as the refusal names it. */
type DependentKind = 'endpoint' | 'consumer' | 'publisher' | 'file'

export interface Dependent {
  /** Absolute. */
  file: string
  kind: DependentKind
  /** The removed file it imports (absolute). */
  uses: string
}

export interface RemovalInput {
  appRoot: string
  /** The files the command removes of its own accord (absolute). */
  own: string[]
  graph: ImportGraph
  /** Files that import removed ones and are rewritten instead (module indexes, the registration). */
  rewritten: (file: string) => boolean
  /** Whether a file exists: a removed endpoint's test is removed with it. */
  exists: (file: string) => boolean
  /**
   * Folders whose files go when only removed files import them (a module's application/dtos:
   * the DTOs of removed queries).
   */
  orphanFolders?: string[]
  force: boolean
}

export interface RemovalDecision {
  /** Every file to delete, sorted. */
  deleted: string[]
  /** Every file outside the removal that used it, sorted by file. */
  dependents: Dependent[]
  /** The dependents left in place (--force): they no longer compile until edited. */
  left: Dependent[]
}

const isSpec = (file: string) => file.endsWith('.spec.ts')

/** What a file of a module is, by where generated code puts it. */
function dependentKind(appRoot: string, file: string): DependentKind {
  const [top, , layer, ...rest] = relative(appRoot, file).split(sep)
  if (top !== 'modules' || layer === undefined) return 'file'
  if (layer === 'api') return 'endpoint'
  if (layer === 'infrastructure' && rest[0] === 'consumers') return 'consumer'
  if (layer === 'infrastructure' && /^publish_.+_event_handler\.ts$/.test(rest.join('/'))) {
    return 'publisher'
  }
  return 'file'
}

/**
 * The test add-endpoint writes beside an endpoint: `api/get_product_endpoint.ts` →
 * `tests/integration/get_product_endpoint.spec.ts`, `api/v2/…` → `…/get_product_v2_endpoint.spec.ts`.
 */
export function endpointSpec(moduleRoot: string, endpointFile: string): string | undefined {
  const inApi = relative(join(moduleRoot, 'api'), endpointFile).split(sep)
  const name = basename(endpointFile).replace(/_endpoint\.ts$/, '')
  if (name === basename(endpointFile)) return undefined
  const version = inApi.length === 2 ? `_${inApi[0]}` : ''
  return join(moduleRoot, 'tests', 'integration', `${name}${version}_endpoint.spec.ts`)
}

/** The module root of a file under modules/. */
function moduleRootOf(appRoot: string, file: string): string | undefined {
  const [top, folder] = relative(appRoot, file).split(sep)
  return top === 'modules' && folder ? join(appRoot, 'modules', folder) : undefined
}

/** What goes with a file that is removed: an endpoint's test. */
function companions(input: RemovalInput, file: string): string[] {
  if (dependentKind(input.appRoot, file) !== 'endpoint') return []
  const root = moduleRootOf(input.appRoot, file)
  const spec = root && endpointSpec(root, file)
  return spec && input.exists(spec) ? [spec] : []
}

/** The files of the orphan folders that removed files import and no kept file does. */
function orphans(input: RemovalInput, removed: Set<string>): string[] {
  const folders = input.orphanFolders ?? []
  const candidates = new Set(
    [...removed]
      .flatMap((file) => input.graph.get(file) ?? [])
      .filter((file) => !removed.has(file) && folders.some((f) => file.startsWith(f + sep)))
  )
  return [...candidates].filter((candidate) =>
    [...input.graph].every(
      ([file, imported]) => removed.has(file) || file === candidate || !imported.includes(candidate)
    )
  )
}

/** Decides every file a removal deletes and every dependent it has (see the top of the file). */
export function decideRemoval(input: RemovalInput): RemovalDecision {
  const removed = new Set<string>()
  const add = (file: string) => {
    if (removed.has(file)) return false
    removed.add(file)
    for (const companion of companions(input, file)) removed.add(companion)
    return true
  }
  for (const file of input.own) add(file)
  const dependents = new Map<string, Dependent>()
  for (let changed = true; changed;) {
    changed = false
    for (const [file, uses] of importersOf(input.graph, removed)) {
      if (removed.has(file) || input.rewritten(file)) continue
      if (isSpec(file)) {
        changed = add(file) || changed
        continue
      }
      const kind = dependentKind(input.appRoot, file)
      if (!dependents.has(file)) dependents.set(file, { file, kind, uses })
      if (input.force && kind !== 'file') changed = add(file) || changed
    }
    for (const orphan of orphans(input, removed)) changed = add(orphan) || changed
  }
  const sorted = [...dependents.values()].sort((a, b) => a.file.localeCompare(b.file))
  return {
    deleted: [...removed].sort(),
    dependents: sorted,
    left: input.force ? sorted.filter((dependent) => !removed.has(dependent.file)) : [],
  }
}

/**
 * A dependent as the refusal and the warnings name it, paths relative to the app; `used` names
 * what it uses when the command knows better than the file (an event: `catalog.product_created v1`).
 */
export function describeDependent(appRoot: string, dependent: Dependent, used?: string): string {
  const file = relative(appRoot, dependent.file)
  const uses = used ?? relative(appRoot, dependent.uses)
  switch (dependent.kind) {
    case 'endpoint':
      return `the endpoint ${file} uses ${uses}`
    case 'consumer':
      return `the consumer ${file} consumes ${uses}`
    case 'publisher':
      return `the event publisher ${file} uses ${uses}`
    default:
      return `${file} imports ${uses}`
  }
}
