import type { Database } from '@adonisjs/lucid/database'
import { OUTBOX_TABLE } from '@pantheon/kit/messaging'
import { BENCH_EVENT } from '../messaging/probe_event.js'

/**
 * `count` events sent in the past, one a second up to now, in one `INSERT … SELECT
 * generate_series` (a million rows in seconds, where row-by-row inserts take minutes). Ids are
 * time-ordered like the uuidv7 ids Outbox.publish writes, and older than any written later, so
 * the primary key grows at its right end as it does in production. The payload is the size of
 * the benchmark's event. Then VACUUM ANALYZE and a CHECKPOINT, so every measure sees the
 * planner's real statistics and no checkpoint falls in the middle of one.
 */
export async function fillSentRows(db: Database, count: number): Promise<void> {
  await db.rawQuery(
    `insert into ${OUTBOX_TABLE}
       (id, type, version, payload, correlation_id, occurred_at, status, attempts,
        next_attempt_at, sent_at)
     select
       (lpad(to_hex(at_ms), 12, '0') || '7' || substr(md5(g::text), 1, 19))::uuid,
       ?, ?,
       '{"id":"' || md5(g::text) || '","name":"Benchmark product ' || g || '","price":19.99,"n":' || g || '}',
       md5(g::text || 'correlation'),
       at, 'sent', 0, at, at
     from generate_series(1, ?) as g,
       lateral (select now() - (? - g) * interval '1 second' as at) as sent,
       lateral (select (extract(epoch from sent.at) * 1000)::bigint as at_ms) as ms`,
    [BENCH_EVENT.type, BENCH_EVENT.version, count, count]
  )
  await db.rawQuery(`vacuum analyze ${OUTBOX_TABLE}`)
  await db.rawQuery('checkpoint')
}
