/*
 * The package's main entry: what `node ace add @pantheon/kit` and `node ace configure` look for.
 * Everything an app imports at run time lives under the named subpaths (see package.json
 * "exports" and docs/architecture.md).
 */
export { stubsRoot } from './stubs_root.js'
export { configure } from './configure.js'
