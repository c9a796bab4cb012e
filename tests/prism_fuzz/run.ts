/**
 * Schema-driven fuzzing through Prism (`npm run contract:prism:fuzz [-- --seed N]`): starts
 * this repository's app, reads the documents it serves (one for each file of docs/openapi/,
 * which openapi_documents.spec.ts keeps to what is served), and sends each of their operations
 * requests generated from its document alone, valid ones and ones breaking one rule, through a
 * `prism proxy` of that document (tests/prism_fuzz/fuzz.ts). Exits 1 on any exchange Prism and the service judge
 * differently (tests/prism_fuzz/verdict.ts), or when nothing was sent.
 */
import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { parseArgs } from 'node:util'
import { fuzzThroughPrism } from './fuzz.js'
import { startReferenceApp } from './reference_app.js'

const { values: flags } = parseArgs({
  options: {
    seed: { type: 'string' },
    valid: { type: 'string', default: '12' },
    invalid: { type: 'string', default: '6' },
  },
})
const seed = flags.seed === undefined ? Math.floor(Math.random() * 2 ** 31) : Number(flags.seed)
const valid = Number(flags.valid)
const invalid = Number(flags.invalid)
for (const [name, value] of Object.entries({ seed, valid, invalid })) {
  if (!Number.isInteger(value) || value < 0) {
    console.error(`--${name} takes a whole number, not "${flags[name as keyof typeof flags]}"`)
    process.exit(2)
  }
}

const files = await readdir('docs/openapi')
const names = files.filter((name) => name.endsWith('.json')).sort()
const folder = await mkdtemp(join(tmpdir(), 'pantheon-prism-fuzz-documents-'))
const app = await startReferenceApp()
let failed = true
try {
  const documents = []
  for (const name of names) {
    const response = await fetch(`${app.url}/openapi/${name}`)
    if (!response.ok)
      throw new Error(`the app does not serve /openapi/${name} (${response.status})`)
    const document = (await response.json()) as object
    const file = join(folder, name)
    await writeFile(file, JSON.stringify(document))
    documents.push({ name, file, document })
  }
  console.log(`Prism fuzz, seed ${seed} (again with --seed ${seed}): ${names.join(', ')}`)
  const report = await fuzzThroughPrism({ documents, upstream: app.url, seed, valid, invalid })
  for (const { request, status, problems } of report.problems) {
    const query = request.query.size > 0 ? `?${request.query}` : ''
    console.log(
      `✖ ${request.document} ${request.operation}: ${request.method} ${request.path}${query} answered ${status}`
    )
    console.log(
      `    headers ${JSON.stringify(request.headers)}${request.body === undefined ? '' : ` body ${request.body}`}`
    )
    if (request.breaks) console.log(`    made to break ${request.breaks}`)
    for (const problem of problems) console.log(`    ${problem}`)
  }
  console.log(
    `Prism fuzz: ${report.requests} requests (${report.invalid} breaking a rule) to ${report.operations} operations ` +
      `of ${documents.length} documents; ${report.floatFindings} multipleOf findings dismissed as binary arithmetic; ` +
      `${report.problems.length} disagreements`
  )
  failed = report.problems.length > 0 || report.requests === 0
} catch (error) {
  console.error(String(error))
  console.error(app.output().split('\n').slice(-20).join('\n'))
} finally {
  await app.stop()
  await rm(folder, { recursive: true, force: true })
}
process.exit(failed ? 1 : 0)
