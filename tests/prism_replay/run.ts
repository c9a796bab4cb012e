/**
 * Replays the integration suite's traffic through Prism's validating proxy (`npm run
 * contract:prism -- <recording> [document.json …]`): record it first with
 * `CONTRACT_RECORD=<recording> node ace test`. The documents default to docs/openapi/*.json.
 * Exits 1 on any exchange Prism and the service judge differently, or when nothing was
 * judged (a recording that is empty or misses every document proves nothing).
 */
import { readdirSync } from 'node:fs'
import { join } from 'node:path'
import { readRecordedExchanges } from './recorded_exchange.js'
import { replayThroughPrism } from './replay.js'

const [recording, ...documentArgs] = process.argv.slice(2)
if (!recording) {
  console.error('usage: npm run contract:prism -- <recording.jsonl> [document.json …]')
  process.exit(2)
}
const documents =
  documentArgs.length > 0
    ? documentArgs
    : readdirSync('docs/openapi')
        .filter((name) => name.endsWith('.json'))
        .map((name) => join('docs/openapi', name))

const report = await replayThroughPrism(readRecordedExchanges(recording), documents)
for (const { index, exchange, problems } of report.problems) {
  const query = exchange.query.size > 0 ? `?${exchange.query}` : ''
  console.log(`✖ #${index} ${exchange.method} ${exchange.path}${query} answered ${exchange.status}`)
  for (const problem of problems) console.log(`    ${problem}`)
}
console.log(
  `Prism replay: ${report.exchanges} exchanges, ${report.judged} judged against ${documents.length} documents, ` +
    `${report.undocumented} with no documented operation, ${report.head} HEAD; ` +
    `${report.floatFindings} multipleOf findings dismissed as binary arithmetic; ` +
    `${report.problems.length} disagreements`
)
if (report.judged === 0) console.log('Nothing was judged: the recording proves nothing')
process.exit(report.problems.length > 0 || report.judged === 0 ? 1 : 0)
