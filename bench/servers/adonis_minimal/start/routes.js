import router from '@adonisjs/core/services/router'
import { FLOOR_BODY } from '../../floor_body_from_env.mjs'

router.get('/floor', ({ response }) => {
  response.header('content-type', 'application/json; charset=utf-8').send(FLOOR_BODY)
})
