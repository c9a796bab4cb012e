import { BaseCommand, flags } from '@adonisjs/core/ace'
import type { CommandOptions } from '@adonisjs/core/types/ace'
import { doctorChecks } from '../app/doctor/checks.js'
import { runCheck, type CheckResult } from '../app/doctor/doctor_check.js'
import { checkMark, doctorExitCode, doctorReport } from '../app/doctor/doctor_report.js'
import { prettierFormatter } from '../app/scaffolding/format_files.js'
import SyncEntity from './sync_entity.js'

/**
 * Looks the app over: each check prints one line (✓ nothing found, ✗ a problem, ! warnings) with
 * its findings beneath, each naming the command that fixes it. Exits 0 when clean, 1 on any
 * problem, 2 on warnings with --strict.
 */
export default class Doctor extends BaseCommand {
  static commandName = 'doctor'
  static description =
    'Check the app for problems (kit version, modules, migrations due, routes…) and name their fixes'

  /** Booted: pending migrations and the broker are runtime facts. */
  static options: CommandOptions = { startApp: true }

  @flags.string({
    description: 'The database connection whose migrations to check (default: the default one)',
  })
  declare connection?: string

  @flags.boolean({
    description: 'Print only the report as JSON: { ok, problems, warnings, checks }',
  })
  declare json: boolean

  @flags.boolean({ description: 'Exit 2 when there are warnings (and no problem)' })
  declare strict: boolean

  async run(): Promise<void> {
    const context = {
      appRoot: this.app.makePath(),
      app: this.app,
      connection: this.connection,
      entitySync: (module: string, entity: string) => this.#entitySync(module, entity),
    }
    const results: CheckResult[] = []
    for (const check of doctorChecks) results.push(await runCheck(check, context))
    const report = doctorReport(results)
    this.exitCode = doctorExitCode(report, this.strict)
    if (this.json) {
      this.logger.log(JSON.stringify(report, null, 2))
      return
    }
    for (const result of results) {
      this.logger.log(`${checkMark(result)} ${result.title}`)
      for (const finding of result.findings) {
        this.logger.log(`    ${finding.severity}: ${finding.message}`)
        this.logger.log(`      fix: ${finding.fix}`)
      }
    }
    this.logger.log(
      report.problems + report.warnings === 0
        ? 'No problem found'
        : `${report.problems} problem(s), ${report.warnings} warning(s)`
    )
  }

  /** The files sync-entity would write for the entity, formatted as it writes them; none written. */
  async #entitySync(module: string, entity: string): Promise<Map<string, string>> {
    const sync = await this.kernel.create(SyncEntity, [entity, '--module', module])
    sync.app = this.app
    const plan = await sync.planFiles()
    const format = await prettierFormatter(this.app.makePath())
    if (format) await plan.format(format)
    return new Map(plan.generatedFiles().map((file) => [file.path, file.contents]))
  }
}
