/*
 * Wall time of each scaffolding command next to `node ace make:controller` in the same app,
 * measured side by side in one run (interleaved, median of REPEAT runs). Prints a Markdown table
 * of medians and ratios. Run: npm run bench:scaffolding
 */
import { execFileSync } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { installOffline } from '#tests/common/kit_app'

const REPEAT = Number(process.env.REPEAT ?? 3)
const TARGET_RATIO = 1.3
const appRoot = join(import.meta.dirname, '..')
const workspace = mkdtempSync(join(tmpdir(), 'pantheon-bench-'))

function ace(cwd: string, args: string[]): number {
  const startedAt = performance.now()
  execFileSync(process.execPath, ['ace', ...args], {
    cwd,
    stdio: 'ignore',
    env: { ...process.env, NODE_ENV: 'development' },
  })
  return performance.now() - startedAt
}

const median = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]

try {
  ace(appRoot, ['init', 'Bench', '--out', workspace])
  const app = join(workspace, 'Bench')
  await installOffline(app)
  ace(app, ['add-module', 'Catalog'])

  /** Each run needs fresh names, so every command gets the run number. */
  const commands: Record<string, (run: number) => string[]> = {
    'add-module': (n) => ['add-module', `Area${n}`],
    'add-entity': (n) => [
      'add-entity',
      `Thing${n}`,
      '--module',
      'Catalog',
      '--aggregate',
      '--properties',
      'Name:string,Price:decimal',
    ],
    'add-migration': (n) => ['add-migration', `Step${n}`, '--module', 'Catalog'],
    'add-command': (n) => [
      'add-command',
      `CreateThing${n}`,
      '--module',
      'Catalog',
      '--result-type',
      `Thing${n}Id`,
    ],
    'add-query': (n) => [
      'add-query',
      `GetThing${n}ById`,
      '--module',
      'Catalog',
      '--result-type',
      `Thing${n}Dto`,
    ],
    'add-endpoint': (n) => [
      'add-endpoint',
      `GetThing${n}`,
      '--module',
      'Catalog',
      '--method',
      'GET',
      '--route',
      `/things-${n}/:id`,
      '--query',
      `GetThing${n}ById`,
      '--result-type',
      `Thing${n}Dto`,
    ],
  }
  const timings: Record<string, number[]> = { 'make:controller': [] }
  for (const name of Object.keys(commands)) timings[name] = []

  for (let run = 1; run <= REPEAT; run++) {
    for (const [name, argv] of Object.entries(commands)) {
      timings['make:controller'].push(
        ace(app, ['make:controller', `Probe${name.replace(/\W/g, '')}${run}`])
      )
      timings[name].push(ace(app, argv(run)))
    }
  }

  const baseline = median(timings['make:controller'])
  const rows = Object.keys(commands).map((name) => {
    const value = median(timings[name])
    const ratio = value / baseline
    return `| ${name} | ${value.toFixed(0)} ms | ${ratio.toFixed(2)}× | ${ratio <= TARGET_RATIO ? 'yes' : 'NO'} |`
  })
  console.log(
    `node ace make:controller: ${baseline.toFixed(0)} ms (median of ${timings['make:controller'].length})\n`
  )
  console.log(`| command | median | vs make:controller | within ${TARGET_RATIO}× |`)
  console.log('|---|---|---|---|')
  console.log(rows.join('\n'))
} finally {
  rmSync(workspace, { recursive: true, force: true })
}
