import { moduleOfName } from '../building_blocks/infrastructure/messaging/module_of_name.js'
import { unpublishedVersions } from '../building_blocks/infrastructure/messaging/published_versions.js'
import { appMessaging } from './app_messaging.js'
import type { DoctorCheck, Finding } from './doctor_check.js'

/**
 * Consumers against publishers, as the boot's published-versions check holds them (an error
 * there stops the boot), plus the events a module publishes that no consumer of the app reads.
 */
export const eventsCheck: DoctorCheck = {
  id: 'events',
  title: 'Published and consumed events',
  async run({ appRoot }) {
    const { publishes, subscriptions } = await appMessaging(appRoot)
    const findings: Finding[] = []
    for (const found of unpublishedVersions(subscriptions, (module) => publishes.get(module))) {
      const owner = moduleOfName(found.type)
      const declared = publishes.has(owner)
      findings.push({
        severity: found.severity,
        message: found.message,
        fix:
          found.severity === 'error'
            ? `add ${found.type} version ${found.version} to the ${owner} module's publishes, or make ${found.consumer} read a published version (static consumes, static upcasters)`
            : declared
              ? `add the contract to the ${owner} module's "readonly publishes = [...]"`
              : `nothing to do if another service publishes ${found.type}; otherwise remove the consumer or publish it: node ace add-event <Name> --module <Module>`,
      })
    }
    const consumed = new Set(subscriptions.map((subscription) => subscription.type))
    for (const [module, contracts] of publishes) {
      for (const type of new Set(contracts.map((contract) => contract.type))) {
        if (consumed.has(type)) continue
        findings.push({
          severity: 'warning',
          message: `the ${module} module publishes ${type}, which no consumer of this app reads (fine if another service does)`,
          fix: `consume it in the module that needs it: node ace add-consumer <Event> --module <Module> --from <Publisher>`,
        })
      }
    }
    return findings
  },
}
