import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'

/**
 * The files of @asyncapi/react-component the events page loads, under the names the host serves
 * them by: an allowlist, so a request can never name its way to another file of the package.
 */
const FILES = {
  'asyncapi-standalone.js': 'browser/standalone/index.js',
  'asyncapi.css': 'styles/default.min.css',
} as const

type EventReferenceAssetName = keyof typeof FILES

/** Where the AsyncAPI viewer's files are on disk and under which URL the host serves them. */
export interface EventReferenceAssets {
  /** The installed @asyncapi/react-component version, part of every asset URL. */
  version: string
  /** `<docs path>/events/assets/<version>`: a new version is a new URL, caches never go stale. */
  baseUrl: string
  /** Matches exactly the served file names (for the route's parameter). */
  fileNames: RegExp
  url(name: EventReferenceAssetName): string
  path(name: EventReferenceAssetName): string
}

/**
 * The AsyncAPI viewer comes from @asyncapi/react-component's standalone bundle, installed with the
 * app's development packages (`init` adds it, pinned; the kit lists it as an optional peer), never
 * from a CDN. A production install leaves it out (it weighs about 60 packages, React among them):
 * undefined then, and the reference page links the raw documents instead.
 */
export function eventReferenceAssets(docsPath: string): EventReferenceAssets | undefined {
  let manifest: string
  try {
    manifest = createRequire(import.meta.url).resolve('@asyncapi/react-component/package.json')
  } catch {
    return undefined
  }
  const folder = dirname(manifest)
  const { version } = JSON.parse(readFileSync(manifest, 'utf8')) as { version: string }
  const baseUrl = `${docsPath.replace(/\/+$/, '')}/events/assets/${version}`
  const escaped = Object.keys(FILES).map((name) => name.replace(/[.-]/g, '\\$&'))
  return {
    version,
    baseUrl,
    fileNames: new RegExp(`^(${escaped.join('|')})$`),
    url: (name) => `${baseUrl}/${name}`,
    path: (name) => join(folder, FILES[name]),
  }
}
