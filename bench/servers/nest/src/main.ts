/*
 * The NestJS peer of `npm run bench`: Catalog's GET by id and create, built the way NestJS's
 * documentation recommends (Fastify adapter, @nestjs/cqrs, TypeORM, ValidationPipe with
 * class-validator), answering the same contract as Pantheon's (checked before measuring).
 */
import 'reflect-metadata'
import { Module, ValidationPipe } from '@nestjs/common'
import { NestFactory } from '@nestjs/core'
import { CqrsModule } from '@nestjs/cqrs'
import { FastifyAdapter, type NestFastifyApplication } from '@nestjs/platform-fastify'
import { TypeOrmModule } from '@nestjs/typeorm'
import { CatalogController } from './catalog.controller.js'
import { CreateProductHandler } from './create_product.js'
import { GetProductByIdHandler } from './get_product.js'
import { OutboxMessage } from './outbox_message.entity.js'
import { ProblemDetailsFilter, validationProblem } from './problem_details.js'
import { Product } from './product.entity.js'

@Module({
  imports: [
    CqrsModule.forRoot(),
    TypeOrmModule.forRoot({
      type: 'postgres',
      url: process.env.DATABASE_URL,
      entities: [Product, OutboxMessage],
      // Pantheon's pool size (config/database.ts): the same number of connections.
      extra: { max: 10 },
      synchronize: false,
      logging: false,
    }),
    TypeOrmModule.forFeature([Product]),
  ],
  controllers: [CatalogController],
  providers: [CreateProductHandler, GetProductByIdHandler],
})
class CatalogModule {}

const app = await NestFactory.create<NestFastifyApplication>(
  CatalogModule,
  new FastifyAdapter({ routerOptions: { ignoreTrailingSlash: true } }),
  {
    logger: false,
  }
)
// Pantheon takes JSON bodies only (415 otherwise); Fastify would also parse text/plain.
app.getHttpAdapter().getInstance().removeContentTypeParser('text/plain')
app.useGlobalFilters(new ProblemDetailsFilter())
app.useGlobalPipes(
  // A JSON body that is not an object (an array, a number) has none of the fields, as in Pantheon.
  {
    transform: (value: unknown, { type }) =>
      type === 'body' && (typeof value !== 'object' || value === null || Array.isArray(value))
        ? {}
        : value,
  },
  new ValidationPipe({
    transform: true,
    whitelist: true,
    forbidNonWhitelisted: true,
    exceptionFactory: validationProblem,
  })
)
await app.listen(Number(process.env.PORT), '127.0.0.1')
