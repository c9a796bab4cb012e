/**
 * How many rows an UPDATE or DELETE through Lucid's query builder changed: the drivers report it
 * as a number (better-sqlite3) or a one-element array (pg).
 */
export function affectedRows(result: unknown): number {
  return Number(Array.isArray(result) ? result[0] : result)
}
