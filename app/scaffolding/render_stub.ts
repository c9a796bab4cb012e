import type { ApplicationService } from '@adonisjs/core/types'

export interface RenderedStub {
  contents: string
  destination: string
}

/**
 * Renders one of Pantheon's templates (stubs/pantheon/…) without writing it: the command adds
 * the result to its plan, so nothing reaches the disk before every step has succeeded.
 */
export async function renderStub(
  app: ApplicationService,
  stubPath: string,
  state: Record<string, unknown>
): Promise<RenderedStub> {
  const stubs = await app.stubs.create()
  const stub = await stubs.build(`pantheon/${stubPath}`, { source: app.makePath('stubs') })
  const prepared = await stub.prepare(state)
  return { contents: prepared.contents, destination: prepared.destination }
}
