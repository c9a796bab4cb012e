/**
 * What every floor target answers: the body of Pantheon's floor route, GET /api/v1/catalog/sample
 * (the JSON string "Catalog module is running"), so that the targets differ only in how they get
 * there. The bare route imports it; raw node:http, Fastify and AdonisJS as it comes get it in
 * BENCH_FLOOR_BODY; and the bench checks that all five answer these same bytes before it measures
 * them.
 */
export const FLOOR_BODY = JSON.stringify('Catalog module is running')
