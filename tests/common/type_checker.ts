import { join } from 'node:path'

/**
 * The compiler behind an app's `npm run typecheck` (`tsc`): TypeScript 7's native one, which an
 * app installs as `tsgo` beside the TypeScript 5.9 that eslint and the assembler
 * use (docs/performance.md says why). A Node.js script: run it with `process.execPath`.
 */
export function typeChecker(appRoot: string): string {
  return join(appRoot, 'node_modules/tsgo/bin/tsc')
}
