import type { Redis } from 'ioredis'
import { compareIds, idAfter, smallestId } from './redis_stream_ids.js'

export interface TrimLimits {
  /** Past this length, the entries every consumer group acknowledged are trimmed. */
  maxLength: number
  /** Past this length, the oldest entries are trimmed whether acknowledged or not (lost). */
  hardMaxLength?: number
}

/** Entries a consumer group had not acknowledged when a trim removed them. */
interface GroupLoss {
  group: string
  count: number
}

export interface TrimOutcome {
  trimmed: number
  lost: GroupLoss[]
}

interface GroupPosition {
  group: string
  /** The newest entry handed to a member of the group. */
  lastDelivered: string
  /** The oldest entry it has not acknowledged: still pending, or not delivered yet. */
  oldestNeeded: string
}

/** Entries trimmed past the hard limit per script run: Redis does nothing else meanwhile. */
const HARD_TRIM_BATCH = 1_000

/**
 * Removes up to ARGV[2] of the oldest entries beyond a length of ARGV[1] and answers their ids.
 * One script, so the ids answered are exactly the entries removed, even when another process
 * trims the same stream at the same moment: no loss is counted twice, none is missed.
 */
const TRIM_OLDEST = `
local excess = redis.call('XLEN', KEYS[1]) - tonumber(ARGV[1])
if excess <= 0 then return {} end
local count = math.min(excess, tonumber(ARGV[2]))
local entries = redis.call('XRANGE', KEYS[1], '-', '+', 'COUNT', count + 1)
if entries[count + 1] then
  redis.call('XTRIM', KEYS[1], 'MINID', entries[count + 1][1])
else
  redis.call('XTRIM', KEYS[1], 'MAXLEN', 0)
end
local ids = {}
for i = 1, count do ids[i] = entries[i][1] end
return ids
`

/**
 * Keeps a stream from growing without end while losing nothing a consumer group still needs.
 * Past `maxLength` it removes only what every group acknowledged; past `hardMaxLength` (when
 * set) it removes the oldest entries anyway and answers, per group, how many of them that group
 * had not acknowledged. A group can only move forward while this runs, so working from a
 * snapshot of the groups at worst keeps an entry one trim longer, or counts as lost an entry a
 * consumer acknowledged in the very moment it was removed.
 */
export async function trimStream(
  client: Redis,
  stream: string,
  { maxLength, hardMaxLength = Number.POSITIVE_INFINITY }: TrimLimits
): Promise<TrimOutcome> {
  const length = await client.xlen(stream)
  if (length <= Math.min(maxLength, hardMaxLength)) return { trimmed: 0, lost: [] }
  const groups = await groupPositions(client, stream)
  const trimmed = await trimAcknowledged(client, stream, groups, maxLength)
  if (length - trimmed <= hardMaxLength) return { trimmed, lost: [] }
  const hard = await trimBeyond(client, stream, groups, hardMaxLength)
  return { trimmed: trimmed + hard.trimmed, lost: hard.lost }
}

async function groupPositions(client: Redis, stream: string): Promise<GroupPosition[]> {
  const reply = (await client.xinfo('GROUPS', stream)) as unknown[][]
  return Promise.all(
    reply.map(async (fields) => {
      const info = new Map<unknown, unknown>()
      for (let i = 0; i < fields.length; i += 2) info.set(fields[i], fields[i + 1])
      const group = String(info.get('name'))
      const lastDelivered = String(info.get('last-delivered-id'))
      let oldestNeeded = idAfter(lastDelivered)
      if (Number(info.get('pending')) > 0) {
        const [, oldestPending] = (await client.xpending(stream, group)) as [number, string | null]
        if (oldestPending) oldestNeeded = smallestId([oldestPending, oldestNeeded])
      }
      return { group, lastDelivered, oldestNeeded }
    })
  )
}

async function trimAcknowledged(
  client: Redis,
  stream: string,
  groups: GroupPosition[],
  maxLength: number
): Promise<number> {
  // Read by no group: the newest entries stay, as before, for a consumer still to come.
  if (groups.length === 0) return client.xtrim(stream, 'MAXLEN', '~', maxLength)
  const cutoff = smallestId(groups.map((position) => position.oldestNeeded))
  return client.xtrim(stream, 'MINID', '~', cutoff)
}

async function trimBeyond(
  client: Redis,
  stream: string,
  groups: GroupPosition[],
  hardMaxLength: number
): Promise<TrimOutcome> {
  const lost = new Map<string, number>()
  let trimmed = 0
  for (;;) {
    const ids = (await client.eval(
      TRIM_OLDEST,
      1,
      stream,
      hardMaxLength,
      HARD_TRIM_BATCH
    )) as string[]
    trimmed += ids.length
    for (const position of groups) {
      const count = await unacknowledgedAmong(client, stream, position, ids)
      if (count > 0) lost.set(position.group, (lost.get(position.group) ?? 0) + count)
    }
    if (ids.length < HARD_TRIM_BATCH) break
  }
  return { trimmed, lost: [...lost].map(([group, count]) => ({ group, count })) }
}

/** How many of `ids` (removed, oldest first) the group had not acknowledged. */
async function unacknowledgedAmong(
  client: Redis,
  stream: string,
  position: GroupPosition,
  ids: string[]
): Promise<number> {
  if (ids.length === 0 || compareIds(position.oldestNeeded, ids[ids.length - 1]) > 0) return 0
  const undelivered = ids.filter((id) => compareIds(id, position.lastDelivered) > 0).length
  // Delivered but never acknowledged: still in the group's pending list, which a trim keeps.
  const pending = (await client.xpending(
    stream,
    position.group,
    ids[0],
    ids[ids.length - 1],
    ids.length
  )) as [id: string, ...unknown[]][]
  const pendingDelivered = pending.filter(([id]) => compareIds(id, position.lastDelivered) <= 0)
  return undelivered + pendingDelivered.length
}
