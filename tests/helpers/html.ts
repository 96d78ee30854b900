/** Small helpers to read server-rendered HTML in tests. */
export function headOf(html: string): string {
  const end = html.indexOf('</head>');
  if (end < 0) throw new Error('no </head> in document');
  return html.slice(0, end);
}

export function count(haystack: string, needle: RegExp): number {
  return (
    haystack.match(
      new RegExp(needle.source, needle.flags.includes('g') ? needle.flags : `${needle.flags}g`),
    )?.length ?? 0
  );
}

export function jsonLdBlocks(html: string): unknown[] {
  const blocks = [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)];
  return blocks.map((m) => JSON.parse(m[1] ?? ''));
}

/** Decodes the few entities React emits in text and attributes. */
export function decodeEntities(text: string): string {
  return text
    .replace(/&quot;/g, '"')
    .replace(/&#x27;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');
}

/** The visible text of an HTML fragment: tags dropped, React's text separators too, spaces collapsed. */
export function textOf(html: string): string {
  return decodeEntities(
    html
      .replace(/<script[\s\S]*?<\/script>/g, ' ')
      .replace(/<!-- -->/g, '')
      .replace(/<[^>]+>/g, ' '),
  )
    .replace(/[ \t\r\n]+/g, ' ')
    .trim();
}

/** The islands' props as the browser reads them (client/islands/island.tsx). */
export function islandProps(html: string): unknown[] {
  const blocks = html.matchAll(
    /<script type="application\/json" data-island-props="">([\s\S]*?)<\/script>/g,
  );
  return [...blocks].map((m) => JSON.parse(m[1] ?? ''));
}
