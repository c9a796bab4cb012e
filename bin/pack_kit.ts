/*
 * `npm run pack:kit`: compiles the kit into dist/ and packs the package into the current folder
 * (or the folder given as the first argument), from a staged copy whose manifest exports the
 * compiled files and whose README is the package's own. Publish that tarball with
 * `npm publish <tarball>`; the checkout's own manifest exports sources and refuses to publish.
 */
import { execFileSync } from 'node:child_process'
import { join, resolve } from 'node:path'
import { packKit } from '../app/scaffolding/app_template.js'

const root = join(import.meta.dirname, '..')
const destination = resolve(process.argv[2] ?? '.')

execFileSync(
  process.execPath,
  ['--import=@pantheon/kit/typescript', join(root, 'bin/build_kit.ts')],
  {
    stdio: ['ignore', 2, 2],
  }
)
console.log(join(destination, await packKit(root, destination)))
