import { existsSync, globSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import type { ApplicationService } from '@adonisjs/core/types'
import type { FilePlan } from './file_plan.js'
import { kitManifest } from '../kit/kit_root.js'
import { MODULE_STUBS } from './module_stubs.js'
import { camelCase, moduleNames } from './names.js'
import { renderStub } from './render_stub.js'
import { ScaffoldError } from './scaffold_error.js'
import { stubsRoot } from '../kit/stubs_root.js'

/*
 * Authentication as `node ace add-auth` and `node ace init <App> --auth` write it: the Identity
 * module (accounts, passwords, access tokens, on @adonisjs/auth) and the app's settings it needs
 * (the hash and auth providers, config/hash.ts and config/auth.ts, the package). Every step
 * is skipped when already done, so add-auth can run again after an upgrade or by mistake.
 */

const IDENTITY = moduleNames('Identity')

/** add-module's templates the Identity module shares (its own registration replaces theirs). */
const SHARED_MODULE_STUBS = MODULE_STUBS.filter((stub) => stub !== 'registration')

/** The providers an app with authentication registers, before the kit's. */
const PROVIDERS = [
  "() => import('@adonisjs/core/providers/hash_provider'),",
  "() => import('@adonisjs/auth/auth_provider'),",
]

const KIT_PROVIDER = "() => import('@pantheon/kit/provider'),"

const SELF_REGISTRATION_SETTING = `# Whether anyone may register an account at POST /api/identity/users (default: true); with
# false, it answers 403 and accounts are created by operators.
# IDENTITY_SELF_REGISTRATION=true
`

/** The registration class add-auth writes: how an Identity module of its own is told apart. */
function identityRegistration(appRoot: string): string {
  return join(appRoot, 'modules', IDENTITY.folder, 'infrastructure', 'identity_module.ts')
}

/** Whether the app has the Identity module add-auth writes. */
export function hasIdentityModule(appRoot: string): boolean {
  const registration = identityRegistration(appRoot)
  return (
    existsSync(registration) && readFileSync(registration, 'utf8').includes('storeAccountsThrough')
  )
}

/**
 * Adds the Identity module's files to the plan, unless the app has them (with `force`, they are
 * written again, its migrations aside). A module of the same name that add-auth did not write is
 * refused: its files are the user's.
 */
export async function planIdentityModule(
  app: ApplicationService,
  appRoot: string,
  plan: FilePlan,
  options: { force?: boolean; now?: number } = {}
): Promise<boolean> {
  const present = hasIdentityModule(appRoot)
  if (present && !options.force) return false
  const now = options.now ?? Date.now()
  const moduleRoot = join(appRoot, 'modules', IDENTITY.folder)
  if (existsSync(moduleRoot) && !present) {
    throw new ScaffoldError(
      'modules/identity exists, and is not the Identity module add-auth writes',
      'Rename that module (its folder and registration), then run add-auth again'
    )
  }
  const state = {
    module: IDENTITY,
    moduleRoot,
    routeSegment: IDENTITY.folder,
    apiVersionsConst: `${camelCase(IDENTITY.pascal)}ApiVersions`,
    indexConst: `${camelCase(IDENTITY.pascal)}Index`,
    accountsMigration: `${now}_create_identity_accounts_table`,
    accessTokensMigration: `${now + 1}_create_identity_access_tokens_table`,
    grantsMigration: `${now + 2}_create_identity_grants_tables`,
  }
  for (const stub of SHARED_MODULE_STUBS) {
    const rendered = await renderStub(app, `module/${stub}.stub`, state)
    plan.createRendered(rendered)
  }
  const authStubs = globSync('module/**/*.stub', { cwd: join(stubsRoot, 'pantheon', 'auth') })
  for (const stub of authStubs.sort()) {
    // Migrations already run are history: a second copy would create the tables twice.
    if (present && stub.includes('/migrations/')) continue
    const rendered = await renderStub(app, `auth/${stub}`, state)
    plan.createRendered(rendered)
  }
  return true
}

/** The outbox's column for the account an event was written for (IntegrationEvent.actorId). */
const ACTOR_MIGRATION = '1764300000000_add_actor_to_outbox.ts'

/**
 * config/hash.ts and config/auth.ts, each unless the app has one already, and the outbox's actor
 * column for an app made before init wrote it: events written for a signed-in caller carry the
 * caller's id, and need it.
 */
export async function planAuthConfig(
  app: ApplicationService,
  appRoot: string,
  plan: FilePlan
): Promise<void> {
  for (const name of ['hash', 'auth']) {
    const rendered = await renderStub(app, `auth/config/${name}.ts.stub`, {
      configRoot: join(appRoot, 'config'),
    })
    if (!existsSync(rendered.destination)) plan.createRendered(rendered)
  }
  const actorMigration = await renderStub(app, `app/database/migrations/${ACTOR_MIGRATION}.stub`, {
    target: appRoot,
  })
  if (
    !existsSync(actorMigration.destination) &&
    !plan.paths().includes(actorMigration.destination)
  ) {
    plan.createRendered(actorMigration)
  }
}

/** adonisrc.ts with the hash and auth providers registered, before the kit's. */
export function withAuthProviders(adonisrc: string): string {
  const missing = PROVIDERS.filter((provider) => !adonisrc.includes(provider))
  if (missing.length === 0) return adonisrc
  const anchor = adonisrc.indexOf(KIT_PROVIDER)
  if (anchor === -1) {
    throw new ScaffoldError(
      'adonisrc.ts does not register @pantheon/kit/provider, before which the auth providers go',
      `Add these lines to its providers, before the kit's: ${missing.join(' ')}`
    )
  }
  const lineStart = adonisrc.lastIndexOf('\n', anchor) + 1
  const indent = adonisrc.slice(lineStart, anchor)
  const lines = missing.map((provider) => `${indent}${provider}\n`).join('')
  return adonisrc.slice(0, lineStart) + lines + adonisrc.slice(lineStart)
}

/** package.json with @adonisjs/auth among its dependencies, at the range the kit is tested with. */
export function withAuthDependency(packageJson: string): string {
  const manifest = JSON.parse(packageJson) as { dependencies?: Record<string, string> }
  if (manifest.dependencies?.['@adonisjs/auth']) return packageJson
  const range = kitManifest().dependencies?.['@adonisjs/auth'] ?? '*'
  const dependencies = { ...manifest.dependencies, '@adonisjs/auth': range }
  const sorted = Object.fromEntries(
    Object.entries(dependencies).sort(([a], [b]) => a.localeCompare(b))
  )
  return `${JSON.stringify({ ...manifest, dependencies: sorted }, null, 2)}\n`
}

/** .env.example naming the Identity module's setting. */
export function withAuthSettings(envExample: string): string {
  if (envExample.includes('IDENTITY_SELF_REGISTRATION')) return envExample
  return `${envExample.trimEnd()}\n\n${SELF_REGISTRATION_SETTING}`
}
