import { execFile } from 'node:child_process'
import { promisify } from 'node:util'

const run = promisify(execFile)

/** A service of a Compose file, as `docker-compose config` normalizes it. */
interface ComposeService {
  image?: string
  build?: { context: string }
  environment?: Record<string, string>
  ports?: { published: number; target: number }[]
  depends_on?: Record<string, { condition: string }>
  healthcheck?: { test: string[] }
  restart?: string
  profiles?: string[]
  command?: string[]
  volumes?: unknown[]
}

export interface ComposeModel {
  services: Record<string, ComposeService>
  volumes?: Record<string, unknown>
}

const MISSING =
  'docker-compose is not installed: `apt-get install docker-compose` (bash .ci/run installs it). ' +
  'It parses and validates compose.yaml against the Compose schema; no Docker engine is needed.'

/**
 * Validates `compose.yaml` in `folder` (or the files given, the later overlaying the earlier, with
 * the profiles given) with Debian's docker-compose (`config` checks it against the Compose
 * schema, merges the files, interpolates variables and normalizes it, without a Docker engine)
 * and returns what it understood. Its output is YAML: python3's yaml module, which docker-compose
 * itself depends on, turns it into JSON. An invalid file throws with docker-compose's message.
 */
export async function composeConfig(
  folder: string,
  env: NodeJS.ProcessEnv = {},
  options: { files?: string[]; profiles?: string[] } = {}
) {
  const childEnv = { PATH: process.env.PATH, HOME: process.env.HOME, ...env }
  const files = (options.files ?? ['compose.yaml']).flatMap((file) => ['-f', file])
  const profiles = (options.profiles ?? []).flatMap((profile) => ['--profile', profile])
  let normalized: string
  try {
    ;({ stdout: normalized } = await run('docker-compose', [...files, ...profiles, 'config'], {
      cwd: folder,
      env: childEnv,
    }))
  } catch (error) {
    const { code, stderr } = error as { code?: string; stderr?: string }
    if (code === 'ENOENT') throw new Error(MISSING)
    throw new Error(`docker-compose refused ${files.join(' ')} in ${folder}:\n${stderr}`)
  }
  const toJson = run('python3', [
    '-c',
    'import json, sys, yaml; print(json.dumps(yaml.safe_load(sys.stdin)))',
  ])
  toJson.child.stdin?.end(normalized)
  const { stdout } = await toJson
  return JSON.parse(stdout) as ComposeModel
}
