import { z } from 'zod';

/**
 * An optional variable where blank means unset (`FOO=` in a .env file, an empty form field): the one
 * helper for it, so every reader agrees.
 */
export const blankIsUnset = <T extends z.ZodType>(schema: T) => z.preprocess((value) => (value === '' ? undefined : value), schema.optional());
