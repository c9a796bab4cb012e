/*
 * The TypeScript loader of `node ace` and of bin/server.ts in development: the same compiler and
 * settings as @poppinss/ts-exec (swc, with the options ts-exec derives from tsconfig.json,
 * through the copies ts-exec itself installed), with Node's hooks registered on the thread that
 * loads the modules.
 *
 * Why not ts-exec itself: it registers its hooks with `module.register`, which runs them on a
 * worker thread, so every import, of a package's JavaScript as much as of the app's TypeScript,
 * is a message to that thread and a wait for its answer. `module.registerHooks` (Node 22.15 and
 * later) runs them in-thread: a start of `node ace` or of the server spends about a third less
 * processor time (docs/performance.md, "Starting processes"). `node ace serve` and `node ace
 * test` still start their child processes with ts-exec, as the assembler decides.
 *
 * This file is loaded before any TypeScript loader exists: Node strips its types itself, so it
 * uses types that erase, and imports nothing but Node's own modules (swc and get-tsconfig are
 * required when it loads, from ts-exec's folder).
 */
import { createHash } from 'node:crypto'
import {
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  statSync,
  unlinkSync,
  writeFileSync,
} from 'node:fs'
import { createRequire, registerHooks } from 'node:module'
import type { LoadHookContext, ResolveHookContext } from 'node:module'
import { tmpdir } from 'node:os'
import { dirname, extname, join } from 'node:path'
import { fileURLToPath } from 'node:url'

interface SwcError {
  code?: string
  message: string
  filename?: string
  startLine?: number
  snippet?: string
}

type SwcTransform = (
  source: string,
  options: Record<string, unknown>
) => { code: string; map?: string }

// The compiler and the tsconfig reader ts-exec depends on, resolved from ts-exec's own folder:
// the app has ts-exec (AdonisJS's TypeScript loader), not always these two at its top.
const fromTsExec = createRequire(import.meta.resolve('@poppinss/ts-exec'))
const { transformSync } = fromTsExec('@swc/core') as { transformSync: SwcTransform }
const { getTsconfig } = fromTsExec('get-tsconfig') as {
  getTsconfig: (searchPath: string) => { config: TsConfig } | null
}

interface TsConfig {
  compilerOptions?: {
    target?: string
    baseUrl?: string
    sourceMap?: boolean
    jsx?: string
    jsxImportSource?: string
    emitDecoratorMetadata?: boolean
    experimentalDecorators?: boolean
    verbatimModuleSyntax?: boolean
    useDefineForClassFields?: boolean
    rewriteRelativeImportExtensions?: boolean
  }
}

/** What ts-exec compiles with when it finds no tsconfig.json, as compiler options. */
const TS_EXEC_DEFAULTS: NonNullable<TsConfig['compilerOptions']> = {
  jsx: 'react-jsx',
  emitDecoratorMetadata: true,
  experimentalDecorators: true,
  verbatimModuleSyntax: true,
  useDefineForClassFields: true,
}

const appRoot = process.env.TS_EXEC_PWD ?? process.cwd()
const tsConfig = getTsconfig(appRoot)?.config
const compilerOptions = tsConfig ? (tsConfig.compilerOptions ?? {}) : TS_EXEC_DEFAULTS

/** ts-exec's translation of tsconfig.json into swc's options, option for option. */
function swcOptions(): Record<string, unknown> {
  const target = compilerOptions.target?.toLowerCase()
  return {
    sourceMaps: compilerOptions.sourceMap ?? true,
    jsc: {
      target: target ? (target === 'es6' ? 'esnext' : target) : 'esnext',
      baseUrl: compilerOptions.baseUrl,
      externalHelpers: false,
      parser: {
        syntax: 'typescript',
        tsx: !!compilerOptions.jsx,
        decorators: true,
        dynamicImport: true,
      },
      transform: {
        ...(compilerOptions.emitDecoratorMetadata && { decoratorMetadata: true }),
        ...(compilerOptions.experimentalDecorators && { legacyDecorator: true }),
        ...(compilerOptions.verbatimModuleSyntax && { verbatimModuleSyntax: true }),
        ...(compilerOptions.useDefineForClassFields && { useDefineForClassFields: true }),
        react: {
          runtime: 'automatic',
          ...(compilerOptions.jsxImportSource && { importSource: compilerOptions.jsxImportSource }),
        },
      },
      experimental: { keepImportAttributes: true },
      keepClassNames: true,
    },
  }
}

const SWC_OPTIONS = swcOptions()
const TYPESCRIPT_FORMATS = new Set(['module-typescript', 'commonjs-typescript'])

const JAVASCRIPT_EXTENSIONS = new Set(['.js', '.mjs', '.cjs', '.jsx'])

const isTypeScriptFile = (path: string) =>
  !path.endsWith('.d.ts') && ['.ts', '.tsx', '.mts', '.cts'].includes(extname(path))

const isLocalPath = (specifier: string) =>
  ['./', '../', '/', 'file:'].some((start) => specifier.startsWith(start))

/**
 * Sources import each other as `.js` (what tsc emits): a missing `.js` file is looked for as the
 * `.ts` (then `.tsx`) beside it, `.mjs` as `.mts`, `.cjs` as `.cts`, as ts-exec does.
 */
function resolve(
  specifier: string,
  context: ResolveHookContext,
  nextResolve: (specifier: string, context?: ResolveHookContext) => { url: string }
) {
  const [path] = specifier.split('?')
  if (
    !compilerOptions.rewriteRelativeImportExtensions &&
    context.parentURL &&
    isTypeScriptFile(path)
  ) {
    throw new Error(
      `Cannot import "${specifier}" using "${extname(path)}" extension. Enable "compilerOptions.rewriteRelativeImportExtensions" to import TypeScript files`
    )
  }
  const source = typeScriptSibling(path, context.parentURL)
  if (source) return nextResolve(source + specifier.slice(path.length), context)
  try {
    return nextResolve(specifier, context)
  } catch (error) {
    const { code, url } = error as { code?: string; url?: string }
    if (code !== 'ERR_MODULE_NOT_FOUND' || !url || !isLocalPath(url)) throw error
    const [urlPath, ...query] = url.split('?')
    const extension = extname(urlPath)
    for (const candidate of typeScriptExtensions(extension)) {
      const sibling = `${urlPath.slice(0, -extension.length)}${candidate}`
      try {
        return nextResolve(query.length > 0 ? `${sibling}?${query.join('?')}` : sibling, context)
      } catch {}
    }
    throw error
  }
}

/** The source extensions a JavaScript one stands for, in the order they are tried. */
function typeScriptExtensions(extension: string): string[] {
  if (!JAVASCRIPT_EXTENSIONS.has(extension)) return []
  return [extension.replace('js', 'ts'), ...(extension === '.js' ? ['.tsx'] : [])]
}

/**
 * The `.ts` (or `.tsx`) file a relative `.js` import of a source means, found beforehand when the
 * `.js` file is missing: most of the app's imports are of that kind, and asking Node first costs
 * a failed resolution each (an error built with its stack), a tenth of a second of every start.
 * Other specifiers, and a `.js` file that exists, are left to Node as before.
 */
function typeScriptSibling(path: string, parentURL: string | undefined): string | undefined {
  if (!parentURL?.startsWith('file:') || !(path.startsWith('./') || path.startsWith('../'))) {
    return undefined
  }
  const extension = extname(path)
  const candidates = typeScriptExtensions(extension)
  if (candidates.length === 0) return undefined
  if (statSync(new URL(path, parentURL), { throwIfNoEntry: false })) return undefined
  const stem = path.slice(0, -extension.length)
  for (const candidate of candidates) {
    if (statSync(new URL(stem + candidate, parentURL), { throwIfNoEntry: false })?.isFile()) {
      return stem + candidate
    }
  }
  return undefined
}

/** TypeScript, TSX and JSX sources compiled by swc, their source map inline; the rest as is. */
function load(
  url: string,
  context: LoadHookContext,
  nextLoad: (
    url: string,
    context?: LoadHookContext
  ) => { format?: string | null; source?: string | ArrayBuffer | NodeJS.TypedArray }
) {
  const { format } = context
  const typescript = format ? TYPESCRIPT_FORMATS.has(format) : false
  // Node gives .tsx and .jsx files no format of their own: ts-exec compiles them as modules.
  if (!typescript && !url.endsWith('.tsx') && !url.endsWith('.jsx')) return nextLoad(url, context)
  const { source } = nextLoad(url, { ...context, format: 'module' })
  const text = typeof source === 'string' ? source : Buffer.from(source as ArrayBuffer).toString()
  const filename = fileURLToPath(url)
  const moduleType = format === 'commonjs-typescript' ? 'commonjs' : 'es6'
  const entry = cacheEntry(text, moduleType)
  let compiled = entry === undefined ? undefined : compiledFromCache(entry, filename)
  if (!compiled) {
    compiled = compile(text, moduleType, filename)
    if (entry !== undefined) storeInCache(entry, filename, compiled)
  }
  const sourceMap = compiled.map
    ? `\n\n//# sourceMappingURL=data:application/json;base64,${Buffer.from(compiled.map).toString('base64')}`
    : ''
  return {
    format: typescript ? format!.replace('-typescript', '') : 'module',
    source: `${compiled.code}${sourceMap}\n\n//# sourceURL=${url}`,
    shortCircuit: true,
  }
}

interface Compiled {
  code: string
  map?: string
}

/** swc's output for one source; a source it refuses throws as ts-exec's would. */
function compile(text: string, moduleType: string, filename: string): Compiled {
  try {
    return transformSync(text, { ...SWC_OPTIONS, filename, module: { type: moduleType } })
  } catch (error) {
    throw compilerError(error as SwcError)
  }
}

/*
 * Compiled output kept on disk between processes: swc took a fifth of the processor time of a
 * `node ace` start and about a tenth of a test run's, compiling the same unchanged files every
 * time. An entry is named by a hash of everything that decides swc's output (swc's version, the
 * options read from tsconfig.json, CommonJS or ESM, the source itself) and not of the file's
 * path, so a copy of an app reuses its original's entries: the one place the path appears, the
 * source map's `sources`, is left out of the entry and put back on reading. An entry is written
 * to a file of its own and renamed into place, so processes sharing the folder never read half
 * of one. PANTHEON_TYPESCRIPT_CACHE names another folder, or turns it off with `false`; an app
 * with a .swcrc at its root (swc reads it on top of the options) is never cached.
 */
const CACHE_SETTING = process.env.PANTHEON_TYPESCRIPT_CACHE
let cacheFolder = ownFolder(
  CACHE_SETTING === 'false' || existsSync(join(appRoot, '.swcrc'))
    ? undefined
    : CACHE_SETTING || join(tmpdir(), `pantheon-typescript-${process.getuid?.() ?? 'user'}`)
)
const CACHE_KEY_PREFIX = JSON.stringify([
  1,
  (fromTsExec('@swc/core/package.json') as { version: string }).version,
  SWC_OPTIONS,
])
let cacheFolderMade = false

/*
 * What the folder holds is code this process runs, and the default folder's name is known to every
 * user of the machine: a folder that another user owns, or that others may write to, is not used
 * (where Node.js knows users: not on Windows). A missing one is made readable by its user alone.
 */
function ownFolder(folder: string | undefined): string | undefined {
  if (folder === undefined || !process.getuid) return folder
  try {
    const stats = statSync(folder, { throwIfNoEntry: false })
    if (stats === undefined) return folder
    const own = stats.isDirectory() && stats.uid === process.getuid() && (stats.mode & 0o022) === 0
    return own ? folder : undefined
  } catch {
    return undefined
  }
}

/** The file that keeps swc's output for this source, or undefined when nothing is kept. */
function cacheEntry(text: string, moduleType: string): string | undefined {
  if (!cacheFolder) return undefined
  const hash = createHash('sha256').update(CACHE_KEY_PREFIX).update(moduleType).update(text)
  return join(cacheFolder, hash.digest('hex'))
}

/** The start of swc's source map for `filename`: the only part of an entry that names it. */
const mapHead = (filename: string) => `{"version":3,"sources":[${JSON.stringify(filename)}]`

/** An entry holds the code, a line break, and the source map after its head (no line break in JSON). */
function compiledFromCache(entry: string, filename: string): Compiled | undefined {
  let kept: string
  try {
    kept = readFileSync(entry, 'utf8')
  } catch {
    return undefined
  }
  const split = kept.lastIndexOf('\n')
  const mapTail = kept.slice(split + 1)
  return { code: kept.slice(0, split), map: mapTail ? mapHead(filename) + mapTail : undefined }
}

/** Kept when it can be: a folder that cannot be written only costs the next start the compile. */
function storeInCache(entry: string, filename: string, compiled: Compiled) {
  const head = mapHead(filename)
  if (compiled.map !== undefined && !compiled.map.startsWith(head)) return
  try {
    if (!cacheFolderMade) {
      const folder = dirname(entry)
      mkdirSync(folder, { recursive: true, mode: 0o700 })
      cacheFolderMade = true
      // Made by another user between the first look and now: used neither for this entry nor later.
      cacheFolder = ownFolder(folder)
      if (!cacheFolder) return
      pruneOnceADay(folder)
    }
    const partial = `${entry}.${process.pid}.partial`
    writeFileSync(partial, `${compiled.code}\n${compiled.map?.slice(head.length) ?? ''}`)
    renameSync(partial, entry)
  } catch {}
}

/*
 * Every changed source adds an entry and nothing else removes one, so the folder would only grow
 * (a CI run of this repository adds about 2,000). The first process of a day that writes an
 * entry removes those neither read (atime, where the file system keeps it) nor written for 30
 * days, and what a killed process left half-written; a source still in use that loses its entry
 * is compiled once more. The stamp file's time says when the folder was last pruned.
 */
const PRUNED_STAMP = '.pruned'
const DAY_MS = 24 * 60 * 60 * 1000
const UNUSED_FOR_MS = 30 * DAY_MS
/** An entry, or one being written (`<entry>.<pid>.partial`): nothing else in the folder is removed. */
const ENTRY_NAME = /^[\da-f]{64}(\.\d+\.partial)?$/

/** Never fails a load: a folder that cannot be pruned is only pruned later. */
function pruneOnceADay(folder: string) {
  try {
    const stamp = join(folder, PRUNED_STAMP)
    const now = Date.now()
    const lastPruned = statSync(stamp, { throwIfNoEntry: false })?.mtimeMs
    // A stamp from the future (a clock set back) does not hold pruning off until that date.
    if (lastPruned !== undefined && lastPruned <= now && now - lastPruned < DAY_MS) return
    writeFileSync(stamp, '')
    for (const name of readdirSync(folder)) {
      const match = ENTRY_NAME.exec(name)
      if (!match) continue
      const path = join(folder, name)
      try {
        // Gone already when another process prunes at the same time: nothing to do.
        const { atimeMs, mtimeMs } = statSync(path)
        const unusedFor = now - Math.max(atimeMs, mtimeMs)
        if (unusedFor > (match[1] ? DAY_MS : UNUSED_FOR_MS)) unlinkSync(path)
      } catch {}
    }
  } catch {}
}

/**
 * swc's error as ts-exec gives it: a SyntaxError for a syntax error, its message holding the
 * file, the line and the code around it; the file and line first when swc gives them apart.
 */
function compilerError(error: SwcError): Error {
  const syntax = error.code === 'InvalidSyntax' || /Syntax Error/.test(error.message)
  // What follows "Caused by:" is swc's own backtrace, of no use to whoever wrote the file.
  const message = error.message.split(/\n+Caused by:/)[0]
  const wrapped = syntax ? new SyntaxError(message) : new Error(message)
  if (error.code === 'UnsupportedSyntax') wrapped.name = 'UnsupportedSyntaxError'
  if (error.filename)
    wrapped.stack = `${error.filename}:${error.startLine}\n${error.snippet}\n${wrapped.stack}`
  return wrapped
}

process.setSourceMapsEnabled(true)
registerHooks({ resolve, load } as Parameters<typeof registerHooks>[0])
