import { fileURLToPath } from 'node:url'
import { selectedModules } from './module_discovery.js'
import { InvalidModuleSelection, MODULES_VARIABLE } from './module_selection.js'

/** A test suite as adonisrc.ts declares it. */
interface TestSuite {
  name: string
  files: string | string[]
}

/** A module's tests in a suite's glob: `modules/*\/tests/unit/**\/*.spec.{ts,js}`. */
const MODULE_FILES = /^modules\/\*\//

/** A test run narrowed to some modules, or the whole run as asked. */
export interface ModuleTestRun {
  /** The runner's arguments without `--module`, for Japa's processCLIArgs. */
  argv: string[]
  /** The modules' folder names, or undefined when every module is tested. */
  modules?: readonly string[]
  /** The suites, each narrowed to the selected modules' own tests. */
  suites<TSuite extends TestSuite>(suites: TSuite[]): TSuite[]
}

/** The values of `--module a,b` and `--module=a` in `argv`, and the rest of it. */
function takeModuleFlag(argv: string[]): { names: string[]; rest: string[] } {
  const names: string[] = []
  const rest: string[] = []
  for (let index = 0; index < argv.length; index++) {
    const argument = argv[index]
    if (argument === '--module') {
      names.push(argv[++index] ?? '')
    } else if (argument.startsWith('--module=')) {
      names.push(argument.slice('--module='.length))
    } else {
      rest.push(argument)
    }
  }
  return { names, rest }
}

/**
 * `node ace test --module orders` (AdonisJS hands the flags it does not know to bin/test.ts):
 * the test process serves only those modules, as a host started with PANTHEON_MODULES would
 * (set here, before the app boots, so only they register, migrate and mount routes), and each
 * suite runs only their own tests (`modules/orders/tests/…`), not the app's. A name that is no
 * module of the app throws InvalidModuleSelection naming the modules there are. Without
 * `--module`, nothing changes.
 */
export function moduleTestRun(appRoot: URL | string, argv: string[]): ModuleTestRun {
  const { names, rest } = takeModuleFlag(argv)
  if (names.length === 0) return { argv, suites: (suites) => suites }
  const root = typeof appRoot === 'string' ? appRoot : fileURLToPath(appRoot)
  const raw = names.join(',')
  const available = selectedModules(root, undefined).available
  if (raw.replace(/,/g, '').trim() === '') {
    throw new InvalidModuleSelection(
      `--module names no module: name one or more of ${available.join(', ')}, separated by commas`
    )
  }
  let selection
  try {
    selection = selectedModules(root, raw)
  } catch (error) {
    if (!(error instanceof InvalidModuleSelection)) throw error
    throw new InvalidModuleSelection(error.message.replace(MODULES_VARIABLE, `--module ${raw}`))
  }
  process.env[MODULES_VARIABLE] = selection.names.join(',')
  const modules = selection.names
  return {
    argv: rest,
    modules,
    suites: (suites) =>
      suites.flatMap((suite) => {
        const patterns = [suite.files].flat().filter((pattern) => MODULE_FILES.test(pattern))
        if (patterns.length === 0) return []
        const files = modules.flatMap((module) =>
          patterns.map((pattern) => pattern.replace(MODULE_FILES, `modules/${module}/`))
        )
        return [{ ...suite, files }]
      }),
  }
}
