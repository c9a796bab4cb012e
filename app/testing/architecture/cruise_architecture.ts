import { resolve } from 'node:path'
import { cruise, type ICruiseResult } from 'dependency-cruiser'
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

/** Cruises `paths` (relative to baseDir, the app root by default) with the architecture rules. */
export async function cruiseWithArchitectureRules(
  paths: string[],
  options: CruiseArchitectureOptions = {}
): Promise<ICruiseResult> {
  const { output } = await cruise(paths, {
    baseDir: options.baseDir ?? APP_ROOT,
    validate: true,
    ruleSet: { forbidden: architectureRules },
    // Count `import type` and type-only usages too: they couple layers just as much.
    tsPreCompilationDeps: true,
    doNotFollow: { path: 'node_modules' },
    enhancedResolveOptions,
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
