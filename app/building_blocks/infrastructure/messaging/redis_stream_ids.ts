/**
 * Redis stream entry ids, `<milliseconds>-<sequence>`. Compared as numbers: as strings,
 * "9-0" would sort after "10-0".
 */
function parts(id: string): [bigint, bigint] {
  const [ms, seq = '0'] = id.split('-')
  return [BigInt(ms), BigInt(seq)]
}

export function compareIds(a: string, b: string): number {
  const [aMs, aSeq] = parts(a)
  const [bMs, bSeq] = parts(b)
  if (aMs !== bMs) return aMs < bMs ? -1 : 1
  if (aSeq !== bSeq) return aSeq < bSeq ? -1 : 1
  return 0
}

/** The smallest id after `id`: where a group that was handed `id` reads on. */
export function idAfter(id: string): string {
  const [ms, seq] = parts(id)
  return `${ms}-${seq + 1n}`
}

export function smallestId(ids: string[]): string {
  return ids.reduce((smallest, id) => (compareIds(id, smallest) < 0 ? id : smallest))
}
