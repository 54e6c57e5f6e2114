/** A LIKE pattern's `%`, `_` and `\` as typed, matched literally (the default escape is `\`). */
export const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);
