/*
| JavaScript entry point for ace. It registers the TypeScript loader and hands over to
| bin/console.ts. The build replaces this file with one that imports the compiled console.
*/
import { enableCompileCache } from 'node:module'

// Reuses V8's compiled code between runs (kept in the OS temp folder): every `node ace` call
// starts faster, the scaffolding commands that load the TypeScript compiler most of all.
enableCompileCache()

// The kit's TypeScript loader: ts-exec's compiler, its hooks in-thread (a faster start).
await import('@pantheon/kit/typescript')
await import('./bin/console.js')
