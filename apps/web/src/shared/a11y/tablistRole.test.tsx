import { render, screen, waitFor } from '@testing-library/react';
import { Tabs } from 'antd';
import { describe, expect, it } from 'vitest';
import { installTablistRoleFix } from './tablistRole.ts';

describe('tablist role', () => {
  it('moves role="tablist" from the tab bar (which holds the "more" button) to the list of tabs', async () => {
    const stop = installTablistRoleFix();
    try {
      render(
        <Tabs
          items={[
            { key: 'a', label: '甲', children: 'A' },
            { key: 'b', label: '乙', children: 'B' },
          ]}
        />,
      );
      await waitFor(() => expect(document.querySelector('.ant-tabs-nav[role="tablist"]')).toBeNull());
      const tablist = screen.getByRole('tablist');
      expect(tablist.classList.contains('ant-tabs-nav-list')).toBe(true);
      expect(tablist.querySelectorAll('[role="tab"]')).toHaveLength(2);
      expect(tablist.querySelector('.ant-tabs-nav-more')).toBeNull();
    } finally {
      stop();
    }
  });
});
