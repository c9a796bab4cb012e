import { globSync } from 'node:fs'
import { readFile } from 'node:fs/promises'
import { dirname, join } from 'node:path'
import { moduleFacts } from '../scaffolding/module_facts.js'
import { registeredModules } from './app_modules.js'
import type { DoctorCheck, Finding } from './doctor_check.js'
import { routeCollisions, type DeclaredRoute } from './route_collisions.js'

/**
 * Endpoints of a module's route group (its api/ folder, or one version folder of it: each has
 * its own prefix) that answer the same method and path.
 */
export const routeCheck: DoctorCheck = {
  id: 'routes',
  title: 'Route collisions',
  async run({ appRoot }) {
    const facts = await moduleFacts()
    const findings: Finding[] = []
    for (const module of await registeredModules(appRoot)) {
      const groups = new Map<string, DeclaredRoute[]>()
      const files = globSync('api/**/*.ts', { cwd: module.root }).sort()
      for (const file of files) {
        const route = facts.endpointRoute(await readFile(join(module.root, file), 'utf8'), file)
        if (!route) continue
        const group = groups.get(dirname(file)) ?? []
        group.push({
          file: `modules/${module.folder}/${file}`,
          method: route.method,
          path: route.path,
        })
        groups.set(dirname(file), group)
      }
      for (const routes of groups.values()) {
        for (const {
          severity,
          routes: [first, second],
        } of routeCollisions(routes)) {
          const what = `${first.method.toUpperCase()} ${first.path} (${first.file}) and ${second.method.toUpperCase()} ${second.path} (${second.file})`
          findings.push({
            severity,
            message:
              severity === 'error'
                ? `${what} declare the same route: the app refuses to boot`
                : `${what} match the same requests: the first registered answers them all`,
            fix: `change the path (readonly path) or the method of one of them in ${second.file}`,
          })
        }
      }
    }
    return findings
  },
}
