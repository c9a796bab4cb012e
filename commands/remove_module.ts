import { existsSync, readdirSync } from 'node:fs'
import { join, relative, sep } from 'node:path'
import { args } from '@adonisjs/core/ace'
import { dropMigration } from '../app/scaffolding/drop_migration.js'
import { FilePlan } from '../app/scaffolding/file_plan.js'
import { tablesLeftBy } from '../app/scaffolding/migration_tables.js'
import { readImportGraph } from '../app/scaffolding/import_graph.js'
import { eventLabel, readModuleInventory } from '../app/scaffolding/module_inventory.js'
import { isModuleIndex } from '../app/scaffolding/module_index_source.js'
import type { ModuleTarget } from '../app/scaffolding/module_target.js'
import { decideRemoval } from '../app/scaffolding/removal_plan.js'
import { MODULE_MIGRATIONS } from '../app/scaffolding/removed_module.js'
import { renderStub } from '../app/scaffolding/render_stub.js'
import { readSnapshot } from '../app/scaffolding/schema_snapshot.js'
import { RemoveCommand } from './_remove_base.js'

/*
 * remove-module: the flags and the report. add-module writes only inside modules/<name>/ (the
 * host finds modules on disk: adonisrc.ts, config/database.ts and the `#modules/*` import need no
 * edit), so removing a module deletes that folder and its committed API documents, and takes out
 * of the other modules what uses it (decideRemoval in app/scaffolding/removal_plan.ts). Its
 * migrations stay, with the one that drops its tables: a database migrated by them keeps a
 * history Lucid can roll back, and a new one creates and drops the tables in turn.
 */

export default class RemoveModule extends RemoveCommand {
  static commandName = 'remove-module'
  static description =
    'Remove a module and drop its tables (a drop migration kept with its migrations); a dry run unless --confirm'

  @args.string({ description: 'The module name in PascalCase, e.g. Orders' })
  declare name: string

  #module?: ModuleTarget
  #keepsMigrations = false
  #migrated = false
  /** Tables its migrations created outside the snapshot whose creation cannot be replayed. */
  #unrecorded: string[] = []

  protected async plan(): Promise<FilePlan> {
    const appRoot = this.app.makePath()
    const inventory = await readModuleInventory(appRoot)
    const { target } = this.findModule(this.name, inventory)
    this.#module = target
    const files = this.moduleFiles(target)
    const migrations = join(target.root, MODULE_MIGRATIONS)
    const history = files.filter((file) => file.startsWith(migrations + sep))
    this.#keepsMigrations = history.some((file) => file.endsWith('.ts'))
    const kept = new Set(this.#keepsMigrations ? history : [])

    const decision = decideRemoval({
      appRoot,
      own: [...files.filter((file) => !kept.has(file)), ...this.apiDocuments(target)],
      graph: await readImportGraph(appRoot),
      rewritten: (file) => isModuleIndex(appRoot, file),
      exists: existsSync,
      force: Boolean(this.force),
    })
    // A consumer is named by the event it consumes.
    const consumed = new Map(
      inventory.modules.flatMap((module) =>
        module.consumers
          .filter((consumer) => consumer.publisher === target.folder && consumer.event)
          .map((consumer) => [
            join(appRoot, 'modules', module.module, consumer.file),
            `${eventLabel(consumer.event!)}, which ${target.pascal} publishes`,
          ])
      )
    )
    this.assertNoDependents(`The ${target.pascal} module`, decision, (dependent) =>
      consumed.get(dependent.file)
    )
    const plan = new FilePlan(appRoot)
    await this.planDeletions(plan, decision, [])

    const snapshot = await readSnapshot(target.root)
    // Tables its migrations created that the snapshot does not record (a read model's, one
    // written by hand): dropped too, and created again by down() from the statement that made
    // them, unless a later migration changed them (then only named, for a migration by hand).
    const left = this.#keepsMigrations
      ? await tablesLeftBy(history.filter((file) => file.endsWith('.ts')).sort())
      : []
    const unrecorded = left.filter(({ table }) => snapshot.tables[table] === undefined)
    const replayable = unrecorded.filter(
      (table): table is Required<typeof table> => table.creation !== undefined
    )
    this.#unrecorded = unrecorded.filter((table) => !table.creation).map(({ table }) => table)
    const migration = this.#keepsMigrations
      ? dropMigration(
          snapshot,
          Object.keys(snapshot.tables),
          {
            migrationsFolder: migrations,
            name: `drop_${target.folder}_tables`,
            origin: `written by remove-module ${target.pascal} from its schema snapshot and migrations`,
            now: Date.now(),
          },
          replayable
        )
      : undefined
    this.#migrated = migration !== undefined
    if (migration) {
      const rendered = await renderStub(this.app, 'migration/drop_tables.stub', { ...migration })
      plan.createRendered(rendered)
    }
    return plan
  }

  /** Every file of the module's folder, hidden ones (.gitkeep) included. */
  private moduleFiles(module: ModuleTarget): string[] {
    return readdirSync(module.root, { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile())
      .map((entry) => join(entry.parentPath, entry.name))
      .sort()
  }

  /**
   * The module's committed API documents, which describe what it no longer serves:
   * docs/openapi/<route>-v<version>.json and docs/asyncapi/<module>.json.
   */
  private apiDocuments(module: ModuleTarget): string[] {
    const segment = module.folder.replace(/_/g, '-')
    const openapi = this.app.makePath('docs', 'openapi')
    const versioned = new RegExp(`^${segment}-v\\d+(?:[._]\\d+)?\\.json$`)
    const documents = existsSync(openapi)
      ? readdirSync(openapi)
          .filter((name) => versioned.test(name))
          .map((name) => join(openapi, name))
      : []
    const asyncapi = this.app.makePath('docs', 'asyncapi', `${module.folder}.json`)
    return existsSync(asyncapi) ? [...documents, asyncapi] : documents
  }

  protected warnings(): string[] {
    if (this.#unrecorded.length === 0) return super.warnings()
    const migrations = relative(this.app.makePath(), join(this.#module!.root, MODULE_MIGRATIONS))
    return [
      ...super.warnings(),
      `Its migrations also created ${this.#unrecorded.join(', ')}, which its schema snapshot does not record and whose creation the drop migration cannot replay in down() (a later migration changed or renamed them, or the statement reads its own class or another schema), so it leaves them: write the migration that drops them in ${migrations}`,
    ]
  }

  protected removalSteps(): string[] {
    const module = this.#module!
    const migrations = relative(this.app.makePath(), join(module.root, MODULE_MIGRATIONS))
    return [
      ...(this.#migrated
        ? [
            `Drop its tables (their rows are lost; back them up first where they matter): node ace migration:run`,
          ]
        : []),
      ...(this.#keepsMigrations
        ? [
            `${migrations} stays: it is the history of the databases its migrations ran on (delete it only where no database has run them)`,
          ]
        : []),
      'Update docs/modules.md: node ace docs:modules',
    ]
  }
}
