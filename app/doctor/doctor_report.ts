import type { CheckResult } from './doctor_check.js'

/** What `node ace doctor --json` prints. */
export interface DoctorReport {
  ok: boolean
  problems: number
  warnings: number
  checks: CheckResult[]
}

export function doctorReport(checks: CheckResult[]): DoctorReport {
  const findings = checks.flatMap((check) => check.findings)
  const problems = findings.filter((finding) => finding.severity === 'error').length
  const warnings = findings.length - problems
  return { ok: problems === 0, problems, warnings, checks }
}

/** 0 clean, 1 problems, 2 warnings only and --strict (0 without it). */
export function doctorExitCode(report: DoctorReport, strict: boolean): 0 | 1 | 2 {
  if (report.problems > 0) return 1
  return strict && report.warnings > 0 ? 2 : 0
}

/** The mark of a check on its line: ✓ nothing found, ✗ an error, ! warnings only. */
export function checkMark(check: CheckResult): '✓' | '✗' | '!' {
  if (check.findings.some((finding) => finding.severity === 'error')) return '✗'
  return check.findings.length > 0 ? '!' : '✓'
}
