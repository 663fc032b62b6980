/**
 * The Traditional Chinese font of every PDF we write: Noto Sans TC (SIL Open Font License 1.1),
 * the TrueType files of the `@expo-google-fonts/noto-sans-tc` package. They stay in node_modules
 * (the server bundle keeps npm packages external, docs/decisions/0002), found at run time through
 * the package resolver, so the source and the built server read the same file.
 *
 * Each file is about 7 MB: read once, when a PDF first needs it, then kept. A document embeds
 * only the glyphs it draws (`subset: true`), so a stamped page grows by a few kB, not 7 MB.
 */
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';

const FONT_FILES = {
  regular: '@expo-google-fonts/noto-sans-tc/400Regular/NotoSansTC_400Regular.ttf',
  bold: '@expo-google-fonts/noto-sans-tc/700Bold/NotoSansTC_700Bold.ttf',
} as const;
export type CjkFontWeight = keyof typeof FONT_FILES;

const require = createRequire(import.meta.url);
const loaded = new Map<CjkFontWeight, Promise<Uint8Array>>();

/** The bytes of the CJK font of a weight, read on first use and cached. */
export function cjkFontBytes(weight: CjkFontWeight = 'regular'): Promise<Uint8Array> {
  let bytes = loaded.get(weight);
  if (!bytes) {
    bytes = readFile(require.resolve(FONT_FILES[weight])).then((b) => new Uint8Array(b));
    // A failed read (a broken install) is not cached: the next PDF tries again.
    bytes.catch(() => loaded.delete(weight));
    loaded.set(weight, bytes);
  }
  return bytes;
}
