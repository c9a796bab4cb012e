import type { DoctorCheck } from './doctor_check.js'
import { eventsCheck } from './events_check.js'
import { generatedFilesCheck } from './generated_files_check.js'
import { kitVersionCheck } from './kit_version_check.js'
import { messagingCheck } from './messaging_check.js'
import { migrationsCheck } from './migrations_check.js'
import { moduleLayoutCheck } from './module_layout_check.js'
import { routeCheck } from './route_check.js'
import { schemaCheck } from './schema_check.js'
import { typescriptCompilerCheck } from './typescript_compiler_check.js'

/** Every check of `node ace doctor`, in the order it prints them. */
export const doctorChecks: readonly DoctorCheck[] = [
  kitVersionCheck,
  typescriptCompilerCheck,
  moduleLayoutCheck,
  schemaCheck,
  migrationsCheck,
  generatedFilesCheck,
  routeCheck,
  eventsCheck,
  messagingCheck,
]
