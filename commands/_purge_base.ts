import { flags } from '@adonisjs/core/ace'
import type { Database } from '@adonisjs/lucid/database'
import type { QueryClientContract } from '@adonisjs/lucid/types/database'
import { DatabaseCommand } from '../app/host/database_command.js'
import type {
  PurgeOptions,
  PurgeOutcome,
} from '../app/building_blocks/infrastructure/messaging/message_purge.js'
import {
  parseRetentionDuration,
  RETENTION_DURATION_FORMS,
} from '../app/building_blocks/infrastructure/messaging/retention_duration.js'
import { moduleRegistrationFiles } from '../app/building_blocks/infrastructure/modules/module_discovery.js'
import { snakeCase } from '../app/scaffolding/names.js'
import { connectionsInUse } from '../app/building_blocks/infrastructure/persistence/module_connections.js'

type Purge = (
  client: Pick<QueryClientContract, 'transaction'>,
  options: PurgeOptions
) => Promise<PurgeOutcome>

/**
 * What outbox:purge and inbox:purge share: --older-than and --module, both refused with a
 * message before the database is touched, and the count of rows each module lost.
 */
export abstract class PurgeCommand extends DatabaseCommand {
  @flags.string({ description: `Remove the rows older than this: ${RETENTION_DURATION_FORMS}` })
  declare olderThan?: string

  @flags.string({ description: "Only this module's rows (e.g. Catalog)" })
  declare module?: string

  @flags.boolean({ description: 'Print JSON' })
  declare json: boolean

  /** What the rows are, in the report: "sent events". */
  protected abstract readonly rows: string
  protected abstract readonly purge: Purge

  protected async execute() {
    const modules = moduleRegistrationFiles(this.app.makePath()).map((file) => file.split('/')[1])
    const olderThanMs = this.olderThanMs()
    const module = this.module === undefined ? undefined : this.knownModule(this.module, modules)
    if (olderThanMs === undefined || module === null) {
      this.exitCode = 1
      return
    }
    const db: Database = await this.app.container.make('lucid.db')
    // Every database the modules keep an outbox and inbox in (module_connections.ts).
    const now = new Date()
    const outcomes: PurgeOutcome[] = []
    for (const connection of connectionsInUse(this.app)) {
      outcomes.push(await this.purge(db.connection(connection), { olderThanMs, module, now }))
    }
    const outcome = combinedOutcome(outcomes)
    // Every module is reported, those that lost nothing too; rows of a module since removed too.
    const reported = module
      ? [module]
      : [...new Set([...modules, ...Object.keys(outcome.byModule)])]
    const byModule = Object.fromEntries(
      reported.sort().map((name) => [name, outcome.byModule[name] ?? 0])
    )
    if (this.json) {
      this.logger.log(JSON.stringify({ ...outcome, byModule }, null, 2))
      return
    }
    for (const [name, count] of Object.entries(byModule)) {
      this.logger.info(`${name}: ${count} ${this.rows} removed`)
    }
    this.logger.success(
      `${outcome.removed} ${this.rows} from before ${outcome.before} removed, in ${outcome.batches} batch(es)`
    )
  }

  private olderThanMs(): number | undefined {
    if (!this.olderThan) {
      this.logger.error(`--older-than is required: ${RETENTION_DURATION_FORMS}`)
      return undefined
    }
    try {
      return parseRetentionDuration(this.olderThan, '--older-than')
    } catch (error) {
      this.logger.error((error as Error).message)
      return undefined
    }
  }

  /** The module's folder name, from its name as the scaffolding commands take it or as is. */
  private knownModule(name: string, modules: string[]): string | null {
    const folder = snakeCase(name.trim())
    if (modules.includes(folder)) return folder
    const known = modules.length > 0 ? modules.join(', ') : 'none'
    this.logger.error(`Unknown module "${name}": this app's modules are ${known}`)
    return null
  }
}

/** One report for the purges of several databases (they share the cutoff). */
function combinedOutcome(outcomes: PurgeOutcome[]): PurgeOutcome {
  const [first, ...others] = outcomes
  const combined: PurgeOutcome = { ...first, byModule: { ...first.byModule } }
  for (const outcome of others) {
    combined.removed += outcome.removed
    combined.batches += outcome.batches
    for (const [module, count] of Object.entries(outcome.byModule)) {
      combined.byModule[module] = (combined.byModule[module] ?? 0) + count
    }
  }
  return combined
}
