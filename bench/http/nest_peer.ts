/*
 * The NestJS peer (bench/servers/nest): its packages are the bench's alone, installed into its
 * own folder from its lock file the first time a bench needs them (and again when the lock
 * changes), then compiled with this repository's TypeScript. Nothing of it reaches the kit, this
 * app's dependencies or an app made by init.
 */
import { execFileSync } from 'node:child_process'
import { existsSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { ROOT } from './servers.js'

const PEER = join(ROOT, 'bench/servers/nest')

/** Installs and compiles the peer when needed; answers the script to start it with node. */
export function prepareNestPeer(): string {
  const installed = join(PEER, 'node_modules/.package-lock.json')
  const lock = join(PEER, 'package-lock.json')
  if (!existsSync(installed) || statSync(installed).mtimeMs < statSync(lock).mtimeMs) {
    console.error('Installing the NestJS peer (bench/servers/nest) from its lock file ...')
    execFileSync('npm', ['ci', '--no-audit', '--no-fund', '--loglevel=error'], {
      cwd: PEER,
      stdio: 'inherit',
    })
  }
  execFileSync(process.execPath, [join(ROOT, 'node_modules/typescript/bin/tsc'), '-p', PEER], {
    stdio: 'inherit',
  })
  return join(PEER, 'dist/main.js')
}
