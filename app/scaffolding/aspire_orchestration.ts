import { randomBytes } from 'node:crypto'
import type { TransportKind } from '../building_blocks/infrastructure/messaging/messaging_config.js'

/**
 * What `init --aspire` adds to a new app: a Compose file that starts PostgreSQL, the chosen
 * broker, the app and the standalone Aspire dashboard as its OTLP endpoint, the app's image,
 * and what the Docker build leaves out. Stubs under stubs/pantheon/aspire/.
 */
export const ASPIRE_STUBS = [
  'aspire/compose.yaml.stub',
  'aspire/Dockerfile.stub',
  'aspire/dockerignore.stub',
] as const

/** The stub state the orchestration files (and the README's section on them) are rendered with. */
export interface OrchestrationState {
  aspire: boolean
  transport: TransportKind
  /** The PostgreSQL database Compose creates and the app connects to. */
  databaseName: string
  /**
   * The app's APP_KEY in Compose: the environment's own when set, else a key made for this app
   * (production refuses to start without one; a local orchestration should just start).
   */
  appKeyWithDefault: string
}

export function orchestrationState(options: {
  aspire: boolean
  transport: TransportKind | undefined
  packageName: string
}): OrchestrationState {
  return {
    aspire: options.aspire,
    transport: options.transport ?? 'memory',
    databaseName: options.packageName.replace(/-/g, '_'),
    appKeyWithDefault: `\${APP_KEY:-${randomBytes(24).toString('hex')}}`,
  }
}
