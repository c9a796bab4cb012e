/*
 * Wall time of each scaffolding command next to `node ace make:controller` in the same app,
 * measured side by side in one run (interleaved, median of REPEAT runs). Prints a Markdown table
 * of medians and ratios; a command's ratio is the median of its runs' ratios to the
 * make:controller run just before each, so a VM whose speed drifts moves both sides of a pair. The app's ace.js loads the kit's TypeScript loader, which makes every
 * command start faster, make:controller's too; make:controller is also timed as an AdonisJS app
 * starts it, through ace.js importing @poppinss/ts-exec, for a second column.
 * Run: npm run bench:scaffolding
 */
import { execFileSync } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { installOffline } from '#tests/common/kit_app'

const REPEAT = Number(process.env.REPEAT ?? 3)
const TARGET_RATIO = 1.3
const appRoot = join(import.meta.dirname, '..')
const workspace = mkdtempSync(join(tmpdir(), 'pantheon-bench-'))

function ace(cwd: string, args: string[], entry = 'ace'): number {
  const startedAt = performance.now()
  execFileSync(process.execPath, [entry, ...args], {
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
  const aceJs = readFileSync(join(app, 'ace.js'), 'utf8')
  const withTsExec = aceJs.replace("'@pantheon/kit/typescript'", "'@poppinss/ts-exec'")
  if (withTsExec === aceJs) throw new Error("ace.js no longer imports '@pantheon/kit/typescript'")
  writeFileSync(join(app, 'ace_ts_exec.js'), withTsExec)

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
  const timings: Record<string, number[]> = { 'make:controller': [], 'ts-exec': [] }
  /** Each command's time over the make:controller run just before it: pairs ride out drift. */
  const ratios: Record<string, number[]> = {}
  for (const name of Object.keys(commands)) {
    timings[name] = []
    ratios[name] = []
  }

  for (let run = 1; run <= REPEAT; run++) {
    for (const [name, argv] of Object.entries(commands)) {
      const probe = `Probe${name.replace(/\W/g, '')}${run}`
      const yardstick = ace(app, ['make:controller', probe])
      timings['make:controller'].push(yardstick)
      timings['ts-exec'].push(ace(app, ['make:controller', `${probe}B`], 'ace_ts_exec.js'))
      const time = ace(app, argv(run))
      timings[name].push(time)
      ratios[name].push(time / yardstick)
    }
  }

  const baseline = median(timings['make:controller'])
  const tsExecBaseline = median(timings['ts-exec'])
  const rows = Object.keys(commands).map((name) => {
    const value = median(timings[name])
    const ratio = median(ratios[name])
    return `| ${name} | ${value.toFixed(0)} ms | ${ratio.toFixed(2)}× | ${ratio <= TARGET_RATIO ? 'yes' : 'NO'} | ${(value / tsExecBaseline).toFixed(2)}× |`
  })
  const runs = timings['make:controller'].length
  console.log(`node ace make:controller: ${baseline.toFixed(0)} ms (median of ${runs})`)
  console.log(
    `the same through ts-exec, as an AdonisJS app starts it: ${tsExecBaseline.toFixed(0)} ms\n`
  )
  console.log(
    `| command | median | vs make:controller | within ${TARGET_RATIO}× | vs make:controller on ts-exec |`
  )
  console.log('|---|---|---|---|---|')
  console.log(rows.join('\n'))
} finally {
  rmSync(workspace, { recursive: true, force: true })
}
