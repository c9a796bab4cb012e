/*
| Host-level routes. Each module mounts its own routes under /api/<module> from its
| registration class; nothing module-specific belongs here. A route here that takes a body wraps
| its handler in `withJsonBody` (from @pantheon/kit/http), which reads and
| checks it as module endpoints do: no middleware reads bodies for every route.
*/
import app from '@adonisjs/core/services/app'
import router from '@adonisjs/core/services/router'
import env from '#start/env'

router.get('/', () => ({ name: 'pantheon', status: 'running' })).as('home')

router
  .get('/health/live', async (ctx) => {
    const { live } = await import('@pantheon/kit/host/health')
    return live(ctx)
  })
  .as('health.live')
router
  .get('/health/ready', async (ctx) => {
    const { ready } = await import('@pantheon/kit/host/health')
    return ready(ctx)
  })
  .as('health.ready')

if (env.get('BENCH_ROUTES', false)) {
  // The benchmark's bare routes compare against this repository's Catalog module, so they live
  // with the benchmark in bench/, which `init` does not copy into a new app.
  await import(app.makeURL('bench/http/bare_routes.js').href)
}
