import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { appTheme } from './theme.ts';

const styles = readFileSync(path.join(path.dirname(fileURLToPath(import.meta.url)), '../styles.css'), 'utf8');

describe('the zero-runtime theme (decision 0042)', () => {
  it("keeps styles.css's link rule on the css-var class antd sets the tokens on", () => {
    expect(appTheme.zeroRuntime).toBe(true);
    const key = typeof appTheme.cssVar === 'object' ? appTheme.cssVar.key : undefined;
    expect(key).toBe('dealflow');
    expect(styles).toContain(`a:where(:not(.${key}, .${key} *))`);
  });
});
