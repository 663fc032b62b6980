import type { Comment, InfoUpdate } from '@dealflow/domain';

export interface CaseNewsEntry {
  key: string;
  kind: 'comment' | 'info';
  title: string | null;
  content: string | null;
  author: string | null;
  publishedAt: string;
}

/**
 * The case's share of the firm-wide news feed (`v1/news`, which has no case filter): comments
 * whose publish time has come and every info update, newest first — the rule the feed applies.
 */
export function caseNews(
  comments: readonly Comment[],
  infos: readonly InfoUpdate[],
  now: Date,
): CaseNewsEntry[] {
  const entries: CaseNewsEntry[] = [
    ...comments
      .filter((c) => Date.parse(c.publish_at) <= now.getTime())
      .map((c) => ({
        key: `comment:${c.id}`,
        kind: 'comment' as const,
        title: c.title,
        content: c.comment,
        author: c.author?.name ?? null,
        publishedAt: c.publish_at,
      })),
    ...infos.map((i) => ({
      key: `info:${i.id}`,
      kind: 'info' as const,
      title: i.title,
      content: i.content,
      author: i.author?.name ?? null,
      publishedAt: i.created_at,
    })),
  ];
  return entries.sort((a, b) => Date.parse(b.publishedAt) - Date.parse(a.publishedAt));
}
