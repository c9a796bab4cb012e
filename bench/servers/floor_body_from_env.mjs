// The floor body these servers answer, handed over by the bench (bench/http/floor_body.ts), so
// that they cannot drift from what Pantheon's floor route answers.
export const FLOOR_BODY = process.env.BENCH_FLOOR_BODY
if (FLOOR_BODY === undefined)
  throw new Error('BENCH_FLOOR_BODY is not set: this server is started by npm run bench')
