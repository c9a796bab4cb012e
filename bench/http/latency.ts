/*
 * Latency percentiles of a round made of several wrk runs. wrk reports percentiles, not its
 * histogram, so each run brings the latency at a fixed grid of percentiles (bench/http/
 * wrk_requests.lua) and the runs are pooled here, each weighted by the requests it served.
 */

/** One run's latency: the value (µs) at each percentile of the grid, ascending. */
export interface LatencyCurve {
  requests: number
  points: [percent: number, micros: number][]
}

/** The fraction of a run's requests answered within `micros`, as far as its grid tells. */
function shareWithin(curve: LatencyCurve, micros: number): number {
  let share = 0
  for (const [percent, value] of curve.points) {
    if (value > micros) break
    share = percent / 100
  }
  return share
}

/**
 * The latency (ms) within which `percent` of all the runs' requests were answered: the smallest
 * value of any run's grid at which the pooled share of requests reaches `percent`.
 */
export function pooledPercentile(curves: LatencyCurve[], percent: number): number {
  const total = curves.reduce((sum, curve) => sum + curve.requests, 0)
  const values = [
    ...new Set(curves.flatMap((curve) => curve.points.map(([, micros]) => micros))),
  ].sort((a, b) => a - b)
  if (total === 0 || values.length === 0) return 0
  const wanted = (percent / 100) * total
  const reaches = (micros: number) =>
    curves.reduce((sum, curve) => sum + curve.requests * shareWithin(curve, micros), 0) >=
    wanted - 1e-6
  // The pooled share grows with the value: the first value that reaches it, by bisection.
  let low = 0
  let high = values.length - 1
  while (low < high) {
    const middle = (low + high) >> 1
    if (reaches(values[middle])) high = middle
    else low = middle + 1
  }
  return values[low] / 1000
}
