// AdonisJS as it comes, for the floor of `npm run bench`: the framework's own per-request cost,
// measured next to the bare route of the app (which adds the body middleware, request ids and
// async local storage that Pantheon's documented behaviour needs). One route, no middleware.
import { createServer } from 'node:http'
import { Ignitor } from '@adonisjs/core'

const APP_ROOT = new URL('./', import.meta.url)
const importer = (path) => import(path.startsWith('.') ? new URL(path, APP_ROOT).href : path)

new Ignitor(APP_ROOT, { importer })
  .httpServer()
  .start((handler) => createServer(handler))
  .catch((error) => {
    console.error(error)
    process.exitCode = 1
  })
