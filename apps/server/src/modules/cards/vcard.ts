/**
 * vCard (RFC 6350 and the 3.0 of RFC 2426 that phones and mail programs still write; 2.1's
 * quoted-printable too) for the card book's import and export. Only the properties a card holds
 * are read: FN (or N), ORG, TITLE, TEL, EMAIL, ADR, NOTE, CATEGORIES. Written as 3.0, which
 * Outlook, Google Contacts and iOS all read.
 */

export interface VCardFields {
  name: string;
  company: string | null;
  title: string | null;
  phones: string[];
  emails: string[];
  address: string | null;
  notes: string | null;
  tags: string[];
}

/** One entry of a file: its fields as found, and the line it starts on (for the import's report). */
export interface VCardEntry {
  line: number;
  fields: Partial<VCardFields> & { phones: string[]; emails: string[]; tags: string[] };
}

const escapeText = (value: string) =>
  value
    .replace(/\\/g, '\\\\')
    .replace(/\r\n|\r|\n/g, '\\n')
    .replace(/,/g, '\\,')
    .replace(/;/g, '\\;');

/** Lines are folded at 75 octets (RFC 6350 3.2), never inside a UTF-8 character. */
function fold(line: string): string {
  const out: string[] = [];
  let current = '';
  let bytes = 0;
  for (const ch of line) {
    const size = Buffer.byteLength(ch);
    const limit = out.length === 0 ? 75 : 74;
    if (bytes + size > limit) {
      out.push(current);
      current = '';
      bytes = 0;
    }
    current += ch;
    bytes += size;
  }
  out.push(current);
  return out.join('\r\n ');
}

export function formatVCard(card: VCardFields): string {
  const lines = [
    'BEGIN:VCARD',
    'VERSION:3.0',
    `FN:${escapeText(card.name)}`,
    `N:${escapeText(card.name)};;;;`,
  ];
  if (card.company) lines.push(`ORG:${escapeText(card.company)}`);
  if (card.title) lines.push(`TITLE:${escapeText(card.title)}`);
  for (const phone of card.phones) lines.push(`TEL;TYPE=VOICE:${escapeText(phone)}`);
  for (const email of card.emails) lines.push(`EMAIL;TYPE=INTERNET:${escapeText(email)}`);
  if (card.address) lines.push(`ADR;TYPE=WORK:;;${escapeText(card.address)};;;;`);
  if (card.notes) lines.push(`NOTE:${escapeText(card.notes)}`);
  if (card.tags.length > 0) lines.push(`CATEGORIES:${card.tags.map(escapeText).join(',')}`);
  lines.push('END:VCARD');
  return `${lines.map(fold).join('\r\n')}\r\n`;
}

/** Splits on unescaped `sep` (null: no split), then unescapes each part. */
function splitValue(value: string, sep: ',' | ';' | null): string[] {
  const parts: string[] = [];
  let current = '';
  for (let i = 0; i < value.length; i++) {
    const ch = value[i];
    if (ch === '\\' && i + 1 < value.length) {
      const next = value[i + 1] as string;
      current += next === 'n' || next === 'N' ? '\n' : next;
      i++;
    } else if (ch === sep) {
      parts.push(current);
      current = '';
    } else {
      current += ch;
    }
  }
  parts.push(current);
  return parts;
}

const unescapeText = (value: string) => splitValue(value, null).join('');

/** vCard 2.1's quoted-printable, read as UTF-8 bytes. */
function decodeQuotedPrintable(value: string): string {
  const bytes: number[] = [];
  for (let i = 0; i < value.length; i++) {
    const ch = value[i] as string;
    if (ch === '=' && /^[0-9A-Fa-f]{2}$/.test(value.slice(i + 1, i + 3))) {
      bytes.push(Number.parseInt(value.slice(i + 1, i + 3), 16));
      i += 2;
    } else {
      bytes.push(...Buffer.from(ch));
    }
  }
  return Buffer.from(bytes).toString('utf8');
}

/** Physical lines joined into logical ones (folding; 2.1 quoted-printable soft breaks), with their first line number. */
function unfold(text: string): Array<{ line: number; text: string }> {
  const physical = text.split(/\r\n|\r|\n/);
  const logical: Array<{ line: number; text: string }> = [];
  for (let i = 0; i < physical.length; i++) {
    const raw = physical[i] as string;
    const last = logical[logical.length - 1];
    if ((raw.startsWith(' ') || raw.startsWith('\t')) && last) {
      last.text += raw.slice(1);
    } else if (
      last &&
      /ENCODING=QUOTED-PRINTABLE/i.test(last.text.split(':')[0] ?? '') &&
      last.text.endsWith('=')
    ) {
      last.text = last.text.slice(0, -1) + raw;
    } else {
      logical.push({ line: i + 1, text: raw });
    }
  }
  return logical;
}

export class VCardError extends Error {}

/**
 * The entries of a vCard file, at most `maxEntries` (one more is an error: the import is refused
 * as too large, not cut short). A file without a BEGIN:VCARD is not a vCard file.
 */
export function parseVCards(text: string, maxEntries: number): VCardEntry[] {
  const entries: VCardEntry[] = [];
  let current: VCardEntry | null = null;
  for (const { line, text: content } of unfold(text.replace(/^\uFEFF/, ''))) {
    if (content.trim() === '') continue;
    const colon = content.indexOf(':');
    if (colon < 0) continue;
    const head = content.slice(0, colon);
    let value = content.slice(colon + 1);
    const [rawName = '', ...params] = head.split(';');
    // "item1.TEL" (Apple's groups): the property is what follows the dot.
    const name = rawName.slice(rawName.lastIndexOf('.') + 1).toUpperCase();
    if (name === 'BEGIN' && value.trim().toUpperCase() === 'VCARD') {
      if (entries.length >= maxEntries) throw new VCardError(`more than ${maxEntries} cards`);
      current = { line, fields: { phones: [], emails: [], tags: [] } };
      continue;
    }
    if (!current) continue;
    if (name === 'END' && value.trim().toUpperCase() === 'VCARD') {
      entries.push(current);
      current = null;
      continue;
    }
    if (params.some((p) => /^ENCODING=QUOTED-PRINTABLE$/i.test(p) || /^QUOTED-PRINTABLE$/i.test(p))) {
      value = decodeQuotedPrintable(value);
    }
    const f = current.fields;
    switch (name) {
      case 'FN':
        f.name = unescapeText(value).trim();
        break;
      case 'N':
        if (!f.name) {
          // family;given;additional;prefix;suffix — written family first, as Chinese names are.
          const [family = '', given = '', additional = ''] = splitValue(value, ';').map((s) => s.trim());
          const cjk = /[\u3400-\u9fff]/.test(family + given);
          f.name = (
            cjk ? [family, given, additional].join('') : [given, additional, family].filter(Boolean).join(' ')
          ).trim();
        }
        break;
      case 'ORG':
        f.company = splitValue(value, ';')
          .map((s) => s.trim())
          .filter(Boolean)
          .join(' ');
        break;
      case 'TITLE':
        f.title = unescapeText(value).trim();
        break;
      case 'TEL':
        f.phones.push(unescapeText(value).replace(/^tel:/i, '').trim());
        break;
      case 'EMAIL':
        f.emails.push(
          unescapeText(value)
            .replace(/^mailto:/i, '')
            .trim(),
        );
        break;
      case 'ADR': {
        // po box;extended;street;locality;region;code;country
        const parts = splitValue(value, ';').map((s) => s.trim());
        f.address = parts.filter(Boolean).join(' ');
        break;
      }
      case 'NOTE':
        f.notes = unescapeText(value).trim();
        break;
      case 'CATEGORIES':
        f.tags.push(...splitValue(value, ',').map((s) => s.trim()));
        break;
      default:
        break;
    }
  }
  return entries;
}
