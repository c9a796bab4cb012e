import { execFileSync } from 'node:child_process'
import { startServerProcess } from '#tests/common/server_process'

/**
 * Applies the migrations with `node ace migration:run --force`, as a deployment does, then
 * starts the production build's server; resolves once it answers. `serverEnv` is for the
 * server process only (the migration runs without it: an inspector port cannot be taken twice).
 */
export function migrateAndStart(
  appRoot: string,
  env: Record<string, string>,
  serverEnv: Record<string, string> = {}
) {
  execFileSync(process.execPath, ['ace', 'migration:run', '--force'], {
    cwd: appRoot,
    env: { ...process.env, ...env },
    stdio: 'pipe',
  })
  return startServerProcess({ ...env, ...serverEnv }, { appRoot })
}
