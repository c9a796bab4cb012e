/*
 * Compiles the kit (app/, commands/) into dist/, with declaration and source maps, and copies
 * what ships beside the code: the commands index and the stubs. `npm pack` and `npm run
 * pack:kit` run it, and bin/setup.sh runs it whenever the kit's sources changed, because
 * `node ace init` packs dist/ into new apps (the reference app itself runs the sources).
 */
import { execFileSync } from 'node:child_process'
import { cpSync, mkdirSync, rmSync } from 'node:fs'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'

const root = join(import.meta.dirname, '..')
const dist = join(root, 'dist')
// TypeScript 7's native compiler: the same JavaScript as TypeScript 5.9 and equivalent
// declarations, in a third of the time (docs/performance.md).
const tsc = join(dirname(createRequire(import.meta.url).resolve('tsgo/package.json')), 'bin/tsc')

rmSync(dist, { recursive: true, force: true })
// tsc's report goes to stderr like the rest: `npm pack --json` runs this script (prepack), and
// its standard output must hold npm's JSON alone.
execFileSync(process.execPath, [tsc, '-p', join(root, 'app/kit/tsconfig.json')], {
  stdio: ['ignore', 2, 2],
})
mkdirSync(join(dist, 'commands'), { recursive: true })
cpSync(join(root, 'commands/commands.json'), join(dist, 'commands/commands.json'))
cpSync(join(root, 'stubs/pantheon'), join(dist, 'stubs/pantheon'), { recursive: true })
console.error('built the kit into dist/')
