import type { ApplicationService } from '@adonisjs/core/types'

/** How bad a finding is: an error fails `node ace doctor`; a warning fails it only with --strict. */
type Severity = 'error' | 'warning'

/** One problem a check found, with the command (or edit) that fixes it. */
export interface Finding {
  severity: Severity
  message: string
  fix: string
}

/** What a check looks at: the app's files, and the app itself (booted) for runtime facts. */
export interface DoctorContext {
  appRoot: string
  app: ApplicationService
  /** The database connection whose migrations are checked; the default one when undefined. */
  connection?: string
  /** What `sync-entity <entity> --module <module>` would write, planned and formatted, not written. */
  entitySync: EntitySyncPlanner
}

/** The text sync-entity would write for one entity, by absolute path (commands plan it). */
type EntitySyncPlanner = (module: string, entity: string) => Promise<Map<string, string>>

/** One thing the doctor looks at in the app. */
export interface DoctorCheck {
  id: string
  title: string
  run(context: DoctorContext): Promise<Finding[]>
}

/** A check's findings, as --json prints them. */
export interface CheckResult {
  id: string
  title: string
  findings: Finding[]
}

/**
 * Runs one check; a check that cannot run (a definition that does not load, a file that does not
 * parse) is itself a problem the doctor reports, never a crash.
 */
export async function runCheck(check: DoctorCheck, context: DoctorContext): Promise<CheckResult> {
  try {
    return { id: check.id, title: check.title, findings: await check.run(context) }
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error)
    return {
      id: check.id,
      title: check.title,
      findings: [
        {
          severity: 'error',
          message: `the check could not run: ${reason}`,
          fix: 'fix the cause above, then run node ace doctor again',
        },
      ],
    }
  }
}
