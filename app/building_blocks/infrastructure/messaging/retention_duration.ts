const UNIT_MS = { d: 86_400_000, h: 3_600_000, m: 60_000 } as const

/** What a retention duration may look like, for the messages that refuse one. */
export const RETENTION_DURATION_FORMS =
  'a whole number of days, hours or minutes above 0, such as 7d, 12h or 30m'

/**
 * `7d`, `12h` or `30m` in milliseconds. Nothing looser ("7 days", "1.5h", "0d"): a purge that
 * misread its age would delete rows someone meant to keep, so anything else is refused, with
 * `name` (the flag or variable) in the message.
 */
export function parseRetentionDuration(text: string, name: string): number {
  const match = /^([1-9]\d{0,5})([dhm])$/.exec(text.trim())
  if (!match) {
    throw new Error(`${name} takes ${RETENTION_DURATION_FORMS} (got "${text}")`)
  }
  return Number(match[1]) * UNIT_MS[match[2] as keyof typeof UNIT_MS]
}
