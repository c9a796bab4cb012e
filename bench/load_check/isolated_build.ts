import { execFileSync } from 'node:child_process'
import { existsSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, relative } from 'node:path'

export interface IsolatedBuild {
  appRoot: string
  remove: () => void
}

/**
 * The production build, compiled into a temporary folder instead of build/: the test suite and
 * `npm run bench` rebuild build/ (which deletes it first), so a server running from it could
 * lose files while under load. A tsconfig that extends the app's own changes only outDir.
 *
 * Type errors do not stop this build (`--ignore-ts-errors`): the typecheck step judges types,
 * this script judges behaviour under load, and a half-typed file elsewhere must not hide it.
 */
export function buildIntoTemporaryFolder(root: string, prefix = 'pantheon-load-'): IsolatedBuild {
  const folder = mkdtempSync(join(tmpdir(), prefix))
  const tsconfig = join(folder, 'tsconfig.json')
  const fromRoot = (path: string) => join(root, path)
  writeFileSync(
    tsconfig,
    JSON.stringify({
      extends: fromRoot('tsconfig.json'),
      // outDir relative: ace resolves it against this file's folder (an absolute one is doubled).
      compilerOptions: { rootDir: root, outDir: 'build' },
      // include and exclude resolve against the file that declares them: this one, outside the app.
      include: [fromRoot('**/*'), fromRoot('.adonisjs/server/**/*')],
      exclude: ['node_modules', 'build', 'dist', 'tmp', 'tests/architecture/fixtures'].map(
        fromRoot
      ),
    })
  )
  const remove = () => rmSync(folder, { recursive: true, force: true })
  try {
    // ace reads --tsconfig relative to the app root.
    execFileSync(
      process.execPath,
      ['ace', 'build', '--ignore-ts-errors', `--tsconfig=${relative(root, tsconfig)}`],
      {
        cwd: root,
        stdio: 'pipe',
      }
    )
  } catch (error) {
    remove()
    throw error
  }
  const appRoot = join(folder, 'build')
  // The build reuses this app's packages instead of `npm ci --omit=dev` (same versions, offline).
  symlinkSync(join(root, 'node_modules'), join(appRoot, 'node_modules'), 'dir')
  return { appRoot, remove }
}

/**
 * The build another run made (`npm run bench:build`, whose folder `--build` names), kept when
 * this run ends; without one, a build of this run's own. CI builds once for the chaos run and
 * the load check.
 */
export function givenOrNewBuild(root: string, given: string | undefined, prefix?: string) {
  if (given === undefined) return buildIntoTemporaryFolder(root, prefix)
  if (!existsSync(join(given, 'bin', 'server.js'))) {
    throw new Error(
      `--build ${given} holds no production build (no bin/server.js): make one with npm run bench:build`
    )
  }
  return { appRoot: given, remove: () => {} }
}
