import { isPermissionName } from '../building_blocks/infrastructure/auth/permissions.js'
import { hasIdentityModule } from './auth_plan.js'
import type { ModuleTarget } from './module_target.js'
import { ScaffoldError } from './scaffold_error.js'

/** Who may call a generated endpoint: anyone, any signed-in caller, or one holding a permission. */
export interface EndpointAccess {
  /** The endpoint says `readonly authenticated = true` (a permission implies it). */
  authenticated: boolean
  permission?: string
}

/**
 * `--permission <module>.<resource>.<action>` or `--public`; without either, an app with
 * authentication (the Identity module) protects the endpoint (any signed-in caller) and an app
 * without it leaves it public, as it always did.
 */
export function endpointAccess(
  flags: { permission?: string; public?: boolean },
  module: ModuleTarget,
  appRoot: string
): EndpointAccess {
  if (flags.permission !== undefined && flags.public) {
    throw new ScaffoldError('--permission and --public say opposite things: give one of them')
  }
  if (flags.public) return { authenticated: false }
  const withAuth = hasIdentityModule(appRoot)
  if (flags.permission === undefined) return { authenticated: withAuth }
  const permission = flags.permission.trim()
  if (!isPermissionName(permission) || permission.split('.')[0] !== module.folder) {
    throw new ScaffoldError(
      `--permission ${flags.permission} is not a permission of the ${module.pascal} module`,
      `Write ${module.folder}.<resource>.<action> in lower case, e.g. ${module.folder}.orders.create`
    )
  }
  if (!withAuth) {
    throw new ScaffoldError(
      `--permission ${permission} needs authentication, which this app does not have`,
      'Run node ace add-auth first (or leave --permission out)'
    )
  }
  return { authenticated: true, permission }
}
