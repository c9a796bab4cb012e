import { existsSync } from 'node:fs'
import { readFile } from 'node:fs/promises'
import { BaseCommand, flags } from '@adonisjs/core/ace'
import type { EntityDefinition } from '../building_blocks/domain/entity_definition.js'
import { lockApp } from './command_lock.js'
import type { FilePlan, FileWriter, PlanSummary } from './file_plan.js'
import { prettierFormatter } from './format_files.js'
import {
  planGeneratedFilesRecord,
  type ForgottenRecipe,
  type Recipe,
} from './generated_files_plan.js'
import { planModuleIndexes } from './module_index_plan.js'
import { MODULES_DOCUMENT_PATH } from './modules_document_path.js'
import { ScaffoldError } from './scaffold_error.js'
import { ScaffoldJournal } from './scaffold_journal.js'
import type { ScaffoldLock } from './scaffold_lock.js'
import { loadEntityDefinitions } from './schema_snapshot.js'

export type { Recipe } from './generated_files_plan.js'

/** What --json prints: the same for every command, for editors and scripts. */
interface ScaffoldResult extends PlanSummary {
  ok: boolean
  dryRun: boolean
  nextSteps: string[]
  errors: string[]
}

/**
 * The behaviour every scaffolding command shares: validate, plan every file (and the index of
 * every module the plan writes into), then print the plan
 * (--dry-run), or write it all or nothing (--force to overwrite existing files), and report in
 * ace's UI or as JSON (--json). User mistakes are reported without a stack trace and exit 1.
 */
export abstract class ScaffoldCommand extends BaseCommand {
  @flags.boolean({
    description:
      'Print the files it would create and the diffs of files it would edit; write nothing',
  })
  declare dryRun: boolean

  @flags.boolean({
    description: 'Print a machine-readable result (created and edited files, next steps, errors)',
  })
  declare json: boolean

  @flags.boolean({ description: 'Overwrite files that already exist', alias: 'f' })
  declare force: boolean

  /** Replaced in tests to make a write fail half-way. */
  writer?: FileWriter

  /**
   * The module's entity definitions as they will be once the plan is written, when a command
   * plans this one as part of its own (sync-entity, add-entity --force); read from disk
   * otherwise.
   */
  pendingDefinitions?: EntityDefinition[]

  /**
   * The text of files an enclosing command's plan writes, by absolute path: what this command
   * reads of them (a validator, a handler) is what they will be, not what is on disk.
   */
  pendingFiles?: ReadonlyMap<string, string>

  /** Generated files edited by hand that --force replaced, with the reason, for the report. */
  #replacedEdits: string[] = []
  /** Documents derived from the modules that the command rewrote after its plan, and why one was not. */
  #documentsRefreshed: string[] = []
  #documentWarnings: string[] = []

  /** Checks the input and decides every file to write; throws ScaffoldError for user mistakes. */
  protected abstract plan(): Promise<FilePlan>

  /** What to do next, shown after a successful run. */
  protected abstract nextSteps(): string[]

  /** The command line to record for running this generator again (see generated_files.ts). */
  protected recipe(): Recipe | undefined {
    return undefined
  }

  /** The command lines to record: this command's, or those of the generators it ran. */
  protected recipes(): Recipe[] {
    const recipe = this.recipe()
    return recipe ? [recipe] : []
  }

  /** The recipe of a plan made with planFiles(), for a command that writes it in its own. */
  plannedRecipe(): Recipe | undefined {
    return this.recipe()
  }

  /** The recorded command lines whose files the plan deletes (the remove-* commands). */
  protected forgottenRecipes(): ForgottenRecipe[] {
    return []
  }

  /** What a dry run says after the plan and its diffs. */
  protected dryRunNote(): string {
    return 'Dry run: nothing was written'
  }

  /** The plan alone, without writing it: for a command that writes it as part of its own. */
  planFiles(): Promise<FilePlan> {
    return this.plan()
  }

  /** A file's text as it will be once the enclosing plan is written; undefined if none. */
  protected async plannedSource(path: string): Promise<string | undefined> {
    const pending = this.pendingFiles?.get(path)
    if (pending !== undefined) return pending
    return existsSync(path) ? readFile(path, 'utf8') : undefined
  }

  protected async entityDefinitions(moduleRoot: string): Promise<EntityDefinition[]> {
    return this.pendingDefinitions ?? loadEntityDefinitions(moduleRoot)
  }

  /**
   * The app whose prettier config formats the generated files (see format_files.ts): the one
   * the command runs in, whose config is resolved; init writes a new app and says otherwise.
   */
  protected formatting(): { root: string; resolve: boolean } {
    return { root: this.app.makePath(), resolve: true }
  }

  /** The app the command writes into: its modules are indexed and recorded there. */
  protected appRoot(): string {
    return this.app.makePath()
  }

  /**
   * The app whose scaffolding lock the command holds while it runs (see command_lock.ts); init,
   * which writes a new app no other command writes into, holds none.
   */
  protected lockedApp(): string | undefined {
    return this.app.makePath()
  }

  async run(): Promise<void> {
    let plan: FilePlan | undefined
    let lock: ScaffoldLock | undefined
    try {
      lock = await this.lockApp()
      await this.undoInterruptedCommand()
      plan = await this.plan()
      await planModuleIndexes(this.appRoot(), plan)
      const { root, resolve } = this.formatting()
      const format = await prettierFormatter(root, { resolve })
      if (format) await plan.format(format)
      const replaced = await planGeneratedFilesRecord(this.appRoot(), plan, {
        force: Boolean(this.force),
        recipes: this.recipes(),
        format,
        forget: this.forgottenRecipes(),
      })
      this.#replacedEdits = replaced
      if (!this.dryRun) {
        const command = (this.constructor as typeof BaseCommand).commandName
        await plan.apply({ force: this.force, writer: this.writer, command })
        await this.refreshModulesDocument()
      }
      await this.report(plan, [])
    } catch (error) {
      this.exitCode = 1
      if (error instanceof ScaffoldError) {
        await this.report(plan, [error.message, ...(error.hint ? [error.hint] : [])])
        return
      }
      const message = error instanceof Error ? error.message : String(error)
      await this.report(plan, [`${message} (nothing was changed)`])
    } finally {
      await lock?.release()
    }
  }

  /**
   * docs/modules.md follows the modules it describes. It is derived from them, so a failure here
   * does not undo the command: it is reported with the command that writes the file.
   */
  private async refreshModulesDocument() {
    // Only an app that keeps the file pays for reading its modules (module_inventory.ts).
    if (!existsSync(this.app.makePath(MODULES_DOCUMENT_PATH))) return
    try {
      const { refreshModulesDocument } = await import('./modules_document_file.js')
      if (await refreshModulesDocument(this.app.makePath())) {
        this.#documentsRefreshed.push(MODULES_DOCUMENT_PATH)
      }
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error)
      this.#documentWarnings.push(
        `${MODULES_DOCUMENT_PATH} could not be brought up to date (${reason}): run node ace docs:modules`
      )
    }
  }

  /** Taken before the app is read, so the plan starts from what the previous command wrote. */
  private async lockApp(): Promise<ScaffoldLock | undefined> {
    const root = this.lockedApp()
    if (root === undefined) return undefined
    const command = (this.constructor as typeof BaseCommand).commandName
    const line = [command, ...this.parsed.args.flat()].join(' ')
    return lockApp(root, line, this.json ? undefined : this.logger)
  }

  /**
   * A command killed while writing (SIGKILL, a crash) leaves its journal behind; its partial
   * changes are undone before this command looks at the app, so it plans from a whole state.
   */
  private async undoInterruptedCommand() {
    const interrupted = await new ScaffoldJournal(this.app.makePath()).recover()
    if (interrupted && !this.json) {
      this.logger.warning(
        `"${interrupted}" was interrupted while writing; its partial changes were undone`
      )
    }
  }

  private async report(plan: FilePlan | undefined, errors: string[]) {
    const empty = { created: [], edited: [], unchanged: [], skipped: [], deleted: [] }
    const planned = plan?.summary() ?? empty
    const summary = { ...planned, edited: [...planned.edited, ...this.#documentsRefreshed] }
    const ok = errors.length === 0
    if (this.json) {
      const result: ScaffoldResult = {
        ok,
        dryRun: Boolean(this.dryRun),
        ...(ok ? summary : empty),
        nextSteps: ok
          ? [
              ...this.nextSteps(),
              ...(this.#documentWarnings.length ? ['node ace docs:modules'] : []),
            ]
          : [],
        errors,
      }
      this.logger.log(JSON.stringify(result, null, 2))
      return
    }
    if (!ok) {
      const [message, ...hints] = errors
      this.logger.error(message)
      for (const hint of hints) this.logger.info(hint)
      return
    }
    const verb = this.dryRun ? 'would create' : 'create'
    for (const file of summary.deleted)
      this.logger.action(`${this.dryRun ? 'would delete' : 'delete'} ${file}`).succeeded()
    for (const file of summary.created) this.logger.action(`${verb} ${file}`).succeeded()
    for (const file of summary.edited)
      this.logger.action(`${this.dryRun ? 'would update' : 'update'} ${file}`).succeeded()
    for (const file of summary.unchanged) this.logger.action(`unchanged ${file}`).skipped()
    for (const { file, reason } of summary.skipped)
      this.logger.action(`skip ${file}`).skipped(reason)
    if (summary.skipped.length > 0) {
      this.logger.warning(
        `${summary.skipped.length} file(s) edited by hand were left as they are; bring them up to date by hand, or run again with --force to overwrite them`
      )
    }
    for (const replaced of this.#replacedEdits)
      this.logger.warning(`--force replaced a file edited by hand: ${replaced}`)
    for (const warning of this.#documentWarnings) this.logger.warning(warning)
    if (this.dryRun) {
      for (const diff of await plan!.diffs()) this.logger.log(diff)
      // It is derived from the files once written, so a dry run cannot show its diff.
      const changes = summary.created.length + summary.edited.length + summary.deleted.length
      if (changes > 0 && existsSync(this.app.makePath(MODULES_DOCUMENT_PATH))) {
        this.logger.info(
          `${MODULES_DOCUMENT_PATH} would then be brought up to date where these files change what it describes`
        )
      }
      this.logger.info(this.dryRunNote())
      return
    }
    const steps = this.nextSteps()
    if (steps.length > 0) {
      const sticker = this.ui.sticker().heading('Next steps')
      for (const step of steps) sticker.add(step)
      sticker.render()
    }
  }
}
