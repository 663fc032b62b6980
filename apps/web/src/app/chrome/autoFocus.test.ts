import { h, render } from 'preact';
import { describe, expect, it } from 'vitest';
import { installAutoFocus } from './autoFocus.ts';

// The build renders with Preact (decision 0043); this runs the hook on Preact itself.
installAutoFocus();
const tick = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('autoFocus under Preact', () => {
  it('focuses a field when it mounts, once, and keeps the field’s own ref', async () => {
    const root = document.createElement('div');
    document.body.append(root);
    const own = { current: null as Element | null };
    const page = (showCode: boolean, note: string) =>
      h(
        'div',
        null,
        h('input', { id: 'name' }),
        showCode ? h('input', { id: 'code', autoFocus: true, ref: own }) : null,
        note,
      );

    render(page(false, 'a'), root);
    await tick();
    expect(document.activeElement).toBe(document.body);

    render(page(true, 'b'), root);
    await tick();
    expect(document.activeElement?.id).toBe('code');
    expect(own.current?.id).toBe('code');

    // A later render of the same field does not take the focus back.
    (document.getElementById('name') as HTMLInputElement).focus();
    render(page(true, 'c'), root);
    await tick();
    expect(document.activeElement?.id).toBe('name');
    render(null, root);
    root.remove();
  });
});
