import { existsSync, realpathSync } from 'node:fs'
import { join, relative, sep } from 'node:path'
import { appManifest } from './app_manifest.js'
import type { DoctorCheck, Finding } from './doctor_check.js'

const NATIVE_COMPILER = 'tsgo'

const warning = (message: string, fix: string): Finding[] => [{ severity: 'warning', message, fix }]

/**
 * The `tsc` of `npm run typecheck` and `node ace build` is TypeScript 7's when package.json lists
 * it (under the name tsgo) beside TypeScript 5.9. Both packages name a `tsc`, and npm links one
 * into node_modules/.bin: an install that changed only `typescript` links 5.9's over 7's, which
 * checks the same about five times slower, and uninstalling 7 leaves no `tsc` at all
 * (docs/performance.md, "Typechecking").
 */
export const typescriptCompilerCheck: DoctorCheck = {
  id: 'typescript-compiler',
  title: 'TypeScript compiler',
  async run({ appRoot }) {
    const { packages } = await appManifest(appRoot)
    const listed = packages[NATIVE_COMPILER]
    if (listed === undefined) return []
    const installed = join(appRoot, 'node_modules', NATIVE_COMPILER)
    if (!existsSync(join(installed, 'package.json'))) {
      return warning(
        `${NATIVE_COMPILER} is not installed (package.json asks for ${listed})`,
        'npm install'
      )
    }
    // Windows links `tsc.cmd` shims that name their script inside: nothing to follow there.
    if (process.platform === 'win32') return []
    let linked: string
    try {
      linked = realpathSync(join(appRoot, 'node_modules/.bin/tsc'))
    } catch {
      return warning(
        'node_modules/.bin/tsc is missing: npm run typecheck and node ace build find no tsc',
        `npm rebuild ${NATIVE_COMPILER}`
      )
    }
    if (linked.startsWith(realpathSync(installed) + sep)) return []
    return warning(
      `node_modules/.bin/tsc is ${relative(join(appRoot, 'node_modules'), linked)}, not TypeScript 7's (${NATIVE_COMPILER}, which package.json lists): typechecks and builds run the slower compiler`,
      `npm rebuild ${NATIVE_COMPILER}`
    )
  },
}
