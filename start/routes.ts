/*
| Host-level routes. Each module mounts its own routes under /api/<module> from its
| registration class; nothing module-specific belongs here.
*/
import router from '@adonisjs/core/services/router'

router.get('/', () => ({ name: 'pantheon', status: 'running' }))

router.get('/health/live', async (ctx) => (await import('#host/health_controller')).live(ctx))
router.get('/health/ready', async (ctx) => (await import('#host/health_controller')).ready(ctx))
