import { existsSync, readFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import type { ICruiseResult } from 'dependency-cruiser'
import { KIT_PACKAGE_NAME } from '../../kit/kit_root.js'
import { architectureRules } from './rules.js'

/** The app root: tests run from it (`node ace test`). */
export const APP_ROOT = resolve(process.cwd())

export interface ArchitectureViolation {
  rule: string
  from: string
  to: string
}

export interface CruiseArchitectureOptions {
  /** Folder the paths (and the rules' `^modules/`, `^app/...` patterns) are relative to. */
  baseDir?: string
}

/**
 * How imports are resolved, mirroring Node + TypeScript (module: NodeNext):
 *  - `extensionAlias`: sources import `./x.js` while the file on disk is `x.ts`; this also
 *    covers subpath imports such as `#modules/*`, which map to `./modules/*.js`.
 *  - `importsFields`: `#modules/...` and friends come from package.json "imports"
 *    (read from the package.json nearest to the importing file).
 *  - `exportsFields` / `conditionNames`: npm packages such as `@adonisjs/core/http` only
 *    exist as "exports" subpaths; dependency-cruiser ignores "exports" unless told to.
 * No tsconfig is passed: the project has no `paths`, which is all dependency-cruiser reads
 * from it for resolution.
 */
const enhancedResolveOptions = {
  extensionAlias: { '.js': ['.ts', '.d.ts', '.js'] },
  importsFields: ['imports'],
  exportsFields: ['exports'],
  conditionNames: ['import', 'require', 'node', 'types', 'default'],
}

/**
 * The kit's own checkout exports its sources by their `.js` names (the TypeScript loader and tsc
 * read the `.ts` beside each), and enhanced-resolve applies extensionAlias to relative paths and
 * `imports`, not to `exports`: when the cruised app is that checkout (it imports the kit by its
 * own name), each such export is aliased to its source. An installed kit exports files that
 * exist, and gets no alias.
 */
function sourceExportAliases(root: string): Record<string, string> {
  const manifestPath = join(root, 'package.json')
  if (!existsSync(manifestPath)) return {}
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as {
    name?: string
    exports?: Record<string, unknown>
  }
  if (manifest.name !== KIT_PACKAGE_NAME || !manifest.exports) return {}
  const aliases: Record<string, string> = {}
  for (const [subpath, target] of Object.entries(manifest.exports)) {
    if (typeof target !== 'string' || !target.endsWith('.js')) continue
    const source = join(root, target.replace(/\.js$/, '.ts'))
    if (existsSync(join(root, target)) || !existsSync(source)) continue
    aliases[`${manifest.name}${subpath.slice(1)}$`] = source
  }
  return aliases
}

/** Cruises `paths` (relative to baseDir, the app root by default) with the architecture rules. */
export async function cruiseWithArchitectureRules(
  paths: string[],
  options: CruiseArchitectureOptions = {}
): Promise<ICruiseResult> {
  const baseDir = options.baseDir ?? APP_ROOT
  // dependency-cruiser hands every option to enhanced-resolve; its types list only some.
  const resolveOptions = { ...enhancedResolveOptions, alias: sourceExportAliases(baseDir) }
  // Imported here, not at the top: it loads the TypeScript compiler (about 0.6 s of processor),
  // and every test run imports @pantheon/kit/testing from tests/bootstrap.ts, a run of one unit
  // test file as much as the architecture suite.
  const { cruise } = await import('dependency-cruiser')
  const { output } = await cruise(paths, {
    baseDir,
    validate: true,
    ruleSet: { forbidden: architectureRules },
    // Count `import type` and type-only usages too: they couple layers just as much.
    tsPreCompilationDeps: true,
    doNotFollow: { path: 'node_modules' },
    enhancedResolveOptions: resolveOptions,
    outputType: 'json',
  })
  if (typeof output === 'string') {
    return JSON.parse(output) as ICruiseResult
  }
  return output
}

/** The architecture violations among `paths` and everything they import. */
export async function cruiseArchitecture(
  paths: string[],
  options: CruiseArchitectureOptions = {}
): Promise<ArchitectureViolation[]> {
  const result = await cruiseWithArchitectureRules(paths, options)
  return result.summary.violations.map((violation) => ({
    rule: violation.rule.name,
    from: violation.from,
    to: violation.to,
  }))
}

/** One violation per line, for assertion messages. */
export function formatViolations(violations: ArchitectureViolation[]): string {
  return violations.map(({ rule, from, to }) => `  - ${rule}: ${from} -> ${to}`).join('\n')
}

/** The failure message of a module's architecture test. */
export function describeViolations(folder: string, violations: ArchitectureViolation[]): string {
  return [
    `${folder} (or something it imports) breaks ${violations.length} architecture rule(s):`,
    formatViolations(violations),
  ].join('\n')
}
