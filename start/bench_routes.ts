/*
| Bare AdonisJS routes doing the same work as Pantheon's endpoints without its structure (no
| versioning, mediator, pipeline or problem details): the baseline of `npm run bench`. Loaded
| only with BENCH_ROUTES=true.
*/
import router from '@adonisjs/core/services/router'
import db from '@adonisjs/lucid/services/db'
import { v7 as uuidv7 } from 'uuid'

router.get('/bench/floor', () => ({ hello: 'world' }))

router.get('/bench/products/:id', async ({ params, response }) => {
  const row = await db.from('catalog_products').select('id', 'name', 'price').where('id', params.id).first()
  if (!row) return response.notFound({ code: 'Product.NotFound' })
  return { id: row.id, name: row.name, price: Number(row.price) }
})

router.post('/bench/products', async ({ request, response }) => {
  const { name, price } = request.body()
  const id = uuidv7()
  await db.transaction(async (trx) => {
    await trx.insertQuery().table('catalog_products').insert({
      id,
      name,
      price: Number(price).toFixed(2),
      created_at: new Date().toISOString(),
    })
  })
  response
    .header('location', `/bench/products/${id}`)
    .header('content-type', 'application/json; charset=utf-8')
    .status(201)
    .send(JSON.stringify(id))
})
