/** `%text%` for LIKE/ILIKE with the text's own `\`, `%` and `_` taken literally (Postgres' default escape is `\`). */
export const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
