import type { SchemaStep } from './schema_diff.js'

/** The body of a migration's up() or down(): one schema-builder call per step, indented for the class. */
export function renderSchemaSteps(steps: SchemaStep[]): string {
  // The leading newline puts the first call on its own line (the template trims before a tag).
  return (
    '\n' +
    steps
      .map((step) => {
        if (step.call === 'fillNulls') {
          const update = `db.from('${step.table}').whereNull('${step.column}').update({ ${step.column}: ${step.fill} })`
          return `    this.defer(async (db) => {\n      await ${update}\n    })`
        }
        if (step.call === 'copyColumn') {
          // A raw identifier: Lucid's update() passes raw queries to knex, but not db.ref().
          const update = `db.from('${step.table}').update({ ${step.to}: db.raw('??', ['${step.from}']) })`
          return `    this.defer(async (db) => {\n      await ${update}\n    })`
        }
        if (step.lines.length === 0) return `    this.schema.${step.call}('${step.table}')`
        const body = step.lines.map((line) => `      ${line}`).join('\n')
        return `    this.schema.${step.call}('${step.table}', (table) => {\n${body}\n    })`
      })
      .join('\n')
  )
}
