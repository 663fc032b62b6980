import { z } from 'zod';
import { DB_ID_MAX } from './common.ts';

/** A picker shows this many matches at most: typing narrows, paging a dropdown does not help. */
export const CLIENT_NAME_LIMIT = 20;
/** How many ids one `ids=` look-up may resolve (a page of history or a form's values). */
export const CLIENT_NAME_IDS_MAX = 100;

/**
 * `GET v1/clients/name`: `q` matches a substring of the name or email (case-insensitive, `%` and
 * `_` taken literally); `ids=1,2` resolves those ids to names instead of searching.
 */
export const ClientNameQuery = z.object({
  q: z.string().trim().max(200).optional(),
  ids: z
    .string()
    .regex(new RegExp(`^\\d{1,10}(,\\d{1,10}){0,${CLIENT_NAME_IDS_MAX - 1}}$`), {
      message: `ids must be a comma-separated list of at most ${CLIENT_NAME_IDS_MAX} client ids`,
    })
    .transform((v) => [...new Set(v.split(',').map(Number))])
    .pipe(z.array(z.number().int().positive().max(DB_ID_MAX)))
    .optional(),
});
export type ClientNameQuery = z.infer<typeof ClientNameQuery>;

/** A client as pickers show them: no email, phone or login data. `membership` is a tier key. */
export const ClientName = z.object({
  id: z.number().int(),
  name: z.string(),
  membership: z.string(),
});
export type ClientName = z.infer<typeof ClientName>;
