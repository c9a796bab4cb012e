/*
| Host-level routes. Each module mounts its own routes under /api/<module> from its
| registration class; nothing module-specific belongs here.
*/
import router from '@adonisjs/core/services/router'
import env from '#start/env'

router.get('/', () => ({ name: 'pantheon', status: 'running' }))

router.get('/health/live', async (ctx) => (await import('#host/health_controller')).live(ctx))
router.get('/health/ready', async (ctx) => (await import('#host/health_controller')).ready(ctx))

if (env.get('BENCH_ROUTES', false)) {
  await import('#start/bench_routes')
}
