/**
 * fontkit 1.9 ships no types. What we use of it: `create` (handed to pdf-lib, which calls it with
 * font bytes) and, to check embedded fonts, each glyph's outline.
 */
declare module 'fontkit' {
  export interface OutlineGlyph {
    readonly path: { readonly commands: readonly unknown[] };
  }
  export interface OutlineFont {
    readonly numGlyphs: number;
    getGlyph(id: number): OutlineGlyph;
  }
  export function create(buffer: Uint8Array): OutlineFont;
}
