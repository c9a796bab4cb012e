/*
| Bare AdonisJS routes doing the same work as Pantheon's endpoints without its structure (no
| versioning, mediator, pipeline or problem details): the baseline of `npm run bench`. Loaded
| only with BENCH_ROUTES=true.
*/
import { randomUUID } from 'node:crypto'
import type { HttpContext } from '@adonisjs/core/http'
import router from '@adonisjs/core/services/router'
import db from '@adonisjs/lucid/services/db'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import { v7 as uuidv7 } from 'uuid'
import { withJsonBody } from '@pantheon/kit/http'
import { inConfirmedTransaction } from '@pantheon/kit/persistence'
import { OUTBOX_TABLE } from '@pantheon/kit/messaging'
import { productCreatedEvent } from '#modules/catalog/integration/product_created'
import { FLOOR_BODY } from './floor_body.js'

// AdonisJS would send a returned string as text/plain: the JSON is written out.
router.get('/bench/floor', ({ response }) => {
  response.header('content-type', 'application/json; charset=utf-8').send(FLOOR_BODY)
})

router.get('/bench/products/:id', async ({ params, response }) => {
  const row = await db
    .from('catalog_products')
    .select('id', 'name', 'price')
    .where('id', params.id)
    .first()
  if (!row) return response.notFound({ code: 'Product.NotFound' })
  return { id: row.id, name: row.name, price: Number(row.price) }
})

// The POSTs read their body the way Pantheon's endpoints do (content type, parser, depth), and
// commit the way its unit of work does (acknowledged once the database confirmed the COMMIT).

/** The product insert alone, in a transaction: what a create cost before integration events. */
router.post(
  '/bench/products',
  withJsonBody(async ({ request, response }) => {
    const { name, price } = request.body()
    const id = uuidv7()
    await inConfirmedTransaction(db, (trx) => insertProduct(trx, id, name, price))
    created(response, id)
  })
)

/**
 * The statements Pantheon's create runs in its transaction, written by hand: the product and
 * its ProductCreated outbox row (the columns Outbox.publish writes). No NOTIFY: a host whose
 * relay runs in process, as this one's does, does not announce its commits. The relay then
 * delivers these events like Pantheon's, so the two POST targets leave the same work behind
 * them too.
 */
router.post(
  '/bench/products-with-event',
  withJsonBody(async ({ request, response }) => {
    const { name, price } = request.body()
    const id = uuidv7()
    await inConfirmedTransaction(db, async (trx) => {
      await insertProduct(trx, id, name, price)
      const now = new Date().toISOString()
      await trx
        .insertQuery()
        .table(OUTBOX_TABLE)
        .insert({
          id: uuidv7(),
          type: productCreatedEvent.type,
          version: productCreatedEvent.version,
          payload: JSON.stringify({ id, name, price: Number(price) }),
          correlation_id: request.id() ?? randomUUID(),
          occurred_at: now,
          status: 'pending',
          attempts: 0,
          next_attempt_at: now,
        })
    })
    created(response, id)
  })
)

function insertProduct(trx: TransactionClientContract, id: string, name: string, price: unknown) {
  return trx
    .insertQuery()
    .table('catalog_products')
    .insert({
      id,
      name,
      price: Number(price).toFixed(2),
      created_at: new Date().toISOString(),
    })
}

function created(response: HttpContext['response'], id: string) {
  response
    .header('location', `/bench/products/${id}`)
    .header('content-type', 'application/json; charset=utf-8')
    .status(201)
    .send(JSON.stringify(id))
}
