/*
 * `npm run bench:build`: the reference app's production build in a temporary folder of its own,
 * kept, its path printed: `npm run chaos -- --build <path>` and `npm run load -- --build <path>`
 * run on it instead of building again (CI builds once for both). Remove the folder's parent
 * when done.
 */
import { join } from 'node:path'
import { buildIntoTemporaryFolder } from './load_check/isolated_build.js'

console.log(
  buildIntoTemporaryFolder(join(import.meta.dirname, '..'), 'pantheon-bench-build-').appRoot
)
