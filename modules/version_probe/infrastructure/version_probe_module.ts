import { PantheonModule } from '@pantheon/kit/modules'
import { versionProbeApiVersions } from './version_probe_api_versions.js'

/**
 * The Version probe module's registration class: an AdonisJS service provider found by the
 * glob in adonisrc.ts. Handlers, validators and endpoints are found by convention; bind the
 * module's own services (repositories) in registerServices.
 */
export default class VersionProbeModule extends PantheonModule {
  readonly name = 'version_probe'
  readonly apiVersions = versionProbeApiVersions

  protected registerServices(): void {}
}
