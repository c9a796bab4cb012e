import { rmSync } from 'node:fs'
import { cp, mkdtemp } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import app from '@adonisjs/core/services/app'
import { installOffline } from '#tests/common/kit_app'
import { scaffoldInProcess } from '#tests/common/scaffolding'

let made: Promise<string> | undefined

/**
 * The app `node ace init Shop` makes from this repository (the kit packed into its vendor/),
 * installed offline: made once per test process, the first time a spec asks for it. `init`
 * packs the kit and writes some seventy files; paying that once instead of once per spec is
 * most of a minute of the end-to-end suite.
 */
function initializedOnce(): Promise<string> {
  made ??= (async () => {
    const folder = await mkdtemp(join(tmpdir(), 'pantheon-initialized-'))
    process.once('exit', () => rmSync(folder, { recursive: true, force: true }))
    await scaffoldInProcess(app.makePath(), ['init', 'Shop', '--out', folder])
    const root = join(folder, 'Shop')
    await installOffline(root)
    return root
  })()
  return made
}

/**
 * A copy of that app at `<workspace>/Shop`, for one spec to change as it likes: every file is
 * its own, and node_modules stays a link to the shared install (nothing may write into it; a
 * spec that installs packages runs npm in an app of its own). The workouts that prove `init`
 * itself as a user types it (init_to_http, events_read_model, init_aspire_app,
 * interrupted_scaffolding) run their own.
 */
export async function copyOfInitializedApp(workspace: string): Promise<string> {
  const root = join(workspace, 'Shop')
  await cp(await initializedOnce(), root, { recursive: true, verbatimSymlinks: true })
  return root
}
