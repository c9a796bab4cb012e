/** The middle value (the upper one of an even count, as bench/http_bench.ts takes it). */
export const median = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]

/** (max − min) / median of repeated measures: over 10% and the rounds disagree too much to be read. */
export const spread = (values: number[]) =>
  (Math.max(...values) - Math.min(...values)) / median(values)

export const SPREAD_LIMIT = 0.1

/** Nearest-rank percentile (p in 0–100) of samples. */
export function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.max(0, Math.ceil((p / 100) * sorted.length) - 1)]
}
