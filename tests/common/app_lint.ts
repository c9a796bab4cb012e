import { ESLint } from 'eslint'

/**
 * `eslint <paths>` in an app made by `init`, run in this process with the app's own
 * eslint.config.js, and held to "lints clean": any error or warning fails with eslint's report.
 * The CLI would be a process of its own for each app, about 5 s of processor to load eslint,
 * its plugins and prettier again; here they load once per test process and stay.
 */
export async function lintApp(appRoot: string, paths: string[] = ['.']): Promise<void> {
  const eslint = new ESLint({
    cwd: appRoot,
    // typescript-eslint takes the folder of the config that loaded it as the root of the
    // tsconfig; a process that loaded several apps' configs has several and must be told.
    overrideConfig: { languageOptions: { parserOptions: { tsconfigRootDir: appRoot } } },
  })
  const results = await eslint.lintFiles(paths)
  if (results.every((result) => result.messages.length === 0)) return
  const formatter = await eslint.loadFormatter('stylish')
  throw new Error(`eslint ${paths.join(' ')} in ${appRoot}:\n${await formatter.format(results)}`)
}
