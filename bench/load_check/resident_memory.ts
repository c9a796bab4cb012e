import { readFileSync } from 'node:fs'

/** Resident set size of a process in kB, as the kernel reports it (VmRSS in /proc/<pid>/status). */
export function residentSetKb(pid: number): number {
  const match = /^VmRSS:\s+(\d+) kB$/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))
  if (!match) throw new Error(`no VmRSS for process ${pid}`)
  return Number(match[1])
}
