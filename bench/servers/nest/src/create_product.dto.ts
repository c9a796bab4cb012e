import { Transform } from 'class-transformer'
import {
  IsDefined,
  IsNotEmpty,
  IsNumber,
  IsString,
  Max,
  MaxLength,
  Min,
  ValidateBy,
} from 'class-validator'

/** At most two decimals, as Pantheon's `decimal([0, 2])` rule (class-validator's own counts digits of the float's text). */
const TwoDecimals = () =>
  ValidateBy({
    name: 'decimal',
    validator: {
      validate: (value: unknown) =>
        typeof value === 'number' && /^-?\d+(\.\d{1,2})?(e[+-]?\d+)?$/i.test(String(value)),
      defaultMessage: () => 'The price field must have 0-2 decimal places',
    },
  })

/** Catalog's create body on API 1.0: the same rules and limits as Pantheon's validator. */
export class CreateProductBody {
  @IsDefined({ message: 'The name field must be defined' })
  @IsString({ message: 'The name field must be a string' })
  @MaxLength(200, { message: 'The name field must not be greater than 200 characters' })
  @Transform(({ value }) => (typeof value === 'string' ? value.trim() : value))
  @IsNotEmpty({ message: 'The name field must have at least 1 characters' })
  name: string

  @IsDefined({ message: 'The price field must be defined' })
  @IsNumber(
    { allowNaN: false, allowInfinity: false },
    { message: 'The price field must be a number' }
  )
  @Min(0, { message: 'The price field must be at least 0' })
  @Max(999_999_999_999.99, { message: 'The price field must not be greater than 999999999999.99' })
  @TwoDecimals()
  price: number
}
