/*
| JavaScript entry point for ace. It registers the TypeScript loader and hands over to
| bin/console.ts. The build replaces this file with one that imports the compiled console.
*/
import '@poppinss/ts-exec'

await import('./bin/console.js')
