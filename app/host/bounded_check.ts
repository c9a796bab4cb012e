import { BaseCheck, Result } from '@adonisjs/core/health'

/** How long readiness waits for any one dependency before calling it not ready. */
const READINESS_CHECK_TIMEOUT_MS = 2000

/**
 * A readiness check that fails when its dependency has not answered within `ms`, so that
 * `/health/ready` answers within its own bound even when a database or broker accepts the
 * connection and then says nothing. The check itself keeps running and ends on its own.
 */
export class BoundedCheck extends BaseCheck {
  name: string

  constructor(
    private readonly check: BaseCheck,
    private readonly ms = READINESS_CHECK_TIMEOUT_MS
  ) {
    super()
    this.name = check.name
  }

  async run() {
    let timer: NodeJS.Timeout | undefined
    const late = new Promise<ReturnType<typeof Result.failed>>((resolve) => {
      timer = setTimeout(
        () => resolve(Result.failed(new Error(`no answer within ${this.ms} ms`))),
        this.ms
      )
    })
    try {
      return await Promise.race([this.check.run(), late])
    } finally {
      clearTimeout(timer)
    }
  }
}
