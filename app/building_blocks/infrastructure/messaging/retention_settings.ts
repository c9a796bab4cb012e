import { parseRetentionDuration, RETENTION_DURATION_FORMS } from './retention_duration.js'
import type { RetentionPolicy } from './retention_sweep.js'

/** `retention` in config/messaging.ts: what the relay keeps of the work already done. */
export interface RetentionSettings {
  /** OUTBOX_RETENTION: how long sent outbox rows are kept (`7d`, `12h`, `30m`), or `off`. */
  outbox: string
  /** INBOX_RETENTION: how long a consumer's record of an event is kept, or `off`. */
  inbox: string
  /** How often the relay removes what is older. */
  intervalMs: number
  /** Rows per transaction. */
  batchSize: number
}

function age(value: string, name: string): number | undefined {
  if (value.trim() === 'off') return undefined
  try {
    return parseRetentionDuration(value, name)
  } catch {
    throw new Error(`${name} takes "off" or ${RETENTION_DURATION_FORMS} (got "${value}")`)
  }
}

function positive(value: number, name: string): number {
  if (!Number.isInteger(value) || value < 1) {
    throw new Error(`retention.${name} must be a whole number above 0 (got ${value})`)
  }
  return value
}

/**
 * The relay's retention, checked; undefined when nothing is to be removed: both `off`, or no
 * `retention` at all (config/messaging.ts of an app made before it existed keeps every row).
 */
export function retentionPolicy(settings?: RetentionSettings): RetentionPolicy | undefined {
  if (!settings) return undefined
  const policy = {
    outboxMs: age(settings.outbox, 'OUTBOX_RETENTION'),
    inboxMs: age(settings.inbox, 'INBOX_RETENTION'),
    intervalMs: positive(settings.intervalMs, 'intervalMs'),
    batchSize: positive(settings.batchSize, 'batchSize'),
  }
  return policy.outboxMs === undefined && policy.inboxMs === undefined ? undefined : policy
}
