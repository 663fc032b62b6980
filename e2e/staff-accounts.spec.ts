import { expectPath, staffSignIn, expect, test } from './support.ts';

test('admin searches and sorts the staff list; the server answers and the URL keeps the view', async ({
  page,
}) => {
  await staffSignIn(page, 'admin@example.com');
  await expectPath(page, '/dashboard/report?type=case');
  await page.goto('/dashboard/auth');

  const search = page.getByRole('textbox', { name: '搜尋姓名或電子郵件' });
  const listCall = page.waitForRequest(
    (r) => r.url().includes('/api/internal/v1/employees?') && r.url().includes('q='),
  );
  await search.fill('EXAMPLE.COM');
  await search.press('Enter');
  expect(new URL((await listCall).url()).searchParams.get('q')).toBe('EXAMPLE.COM');
  await expect(page).toHaveURL(/[?&]q=EXAMPLE.COM/);

  const emailHeader = page.getByRole('columnheader', { name: '電子郵件' });
  const rowsEmails = () => page.locator('tbody tr.ant-table-row td:nth-child(3)').allTextContents();
  const ascCall = page.waitForResponse((r) => /sort=email(%3A|:)asc/.test(r.url()));
  await emailHeader.click();
  await ascCall;
  await expect(emailHeader).toHaveAttribute('aria-sort', 'ascending');
  const ascending = await rowsEmails();
  expect(ascending.length).toBeGreaterThan(1);

  const descCall = page.waitForResponse((r) => /sort=email(%3A|:)desc/.test(r.url()));
  await emailHeader.click();
  await descCall;
  await expect(page).toHaveURL(/sort=email(%3A|:)desc/);
  await expect.poll(rowsEmails).toEqual([...ascending].reverse());

  // A reload shows the same view.
  await page.reload();
  await expect(search).toHaveValue('EXAMPLE.COM');
  await expect(emailHeader).toHaveAttribute('aria-sort', 'descending');
});
