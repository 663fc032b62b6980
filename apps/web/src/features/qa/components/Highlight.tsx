import { Fragment } from 'react';

/** The text with each occurrence of `term` (any case) marked: what a search found. */
export function Highlight({ text, term }: { text: string; term: string }) {
  const needle = term.trim().toLocaleLowerCase();
  if (!needle) return <>{text}</>;
  const haystack = text.toLocaleLowerCase();
  const parts: Array<{ text: string; hit: boolean }> = [];
  let from = 0;
  for (let at = haystack.indexOf(needle); at !== -1; at = haystack.indexOf(needle, at + needle.length)) {
    if (at > from) parts.push({ text: text.slice(from, at), hit: false });
    parts.push({ text: text.slice(at, at + needle.length), hit: true });
    from = at + needle.length;
  }
  if (from < text.length) parts.push({ text: text.slice(from), hit: false });
  return (
    <>
      {parts.map((part, i) =>
        part.hit ? (
          <mark key={String(i)}>{part.text}</mark>
        ) : (
          <Fragment key={String(i)}>{part.text}</Fragment>
        ),
      )}
    </>
  );
}
