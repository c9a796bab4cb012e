import { diffSchemas } from '../scaffolding/schema_diff.js'
import { readSnapshot, schemaFromDefinitions } from '../scaffolding/schema_snapshot.js'
import { registeredModules } from './app_modules.js'
import type { DoctorCheck, Finding } from './doctor_check.js'

/**
 * Entity definitions against the module's schema snapshot, diffed as add-migration diffs them:
 * any step means a definition changed since the last migration.
 */
export const schemaCheck: DoctorCheck = {
  id: 'schema',
  title: 'Entity definitions against the schema snapshot',
  async run({ appRoot }) {
    const findings: Finding[] = []
    for (const module of await registeredModules(appRoot)) {
      const before = await readSnapshot(module.root)
      const after = await schemaFromDefinitions(module.root, module.folder)
      const changed = diffSchemas(before, after).up.map((step) => step.table)
      const tables = [...new Set(changed)].sort()
      if (tables.length === 0) continue
      const entities = tables.map(
        (table) => after.tables[table]?.entity ?? before.tables[table]?.entity ?? table
      )
      findings.push({
        severity: 'error',
        message: `the ${module.pascal} module's entity definitions differ from its schema snapshot (${entities.join(', ')}): a migration is due`,
        fix: `node ace add-migration <Name> --module ${module.pascal}`,
      })
    }
    return findings
  },
}
