// Just enough Markdown for the documents the app shows as pages (docs/hipaa.md): headings,
// paragraphs, bulleted lists, **bold** and `code`. The repository's file is the one source;
// the page renders it, so the two cannot drift apart.

export type Inline = { kind: "text" | "strong" | "code"; text: string };
export type Block = { kind: "heading"; level: 1 | 2 | 3; text: string } | { kind: "paragraph"; inlines: Inline[] } | { kind: "list"; items: Inline[][] };

/** `**bold**` and `` `code` `` within a line; anything else is text. */
export function parseInline(text: string): Inline[] {
  const inlines: Inline[] = [];
  const pattern = /\*\*(.+?)\*\*|`([^`]+)`/g;
  let last = 0;
  for (const match of text.matchAll(pattern)) {
    if (match.index > last) inlines.push({ kind: "text", text: text.slice(last, match.index) });
    inlines.push(match[1] !== undefined ? { kind: "strong", text: match[1] } : { kind: "code", text: match[2] ?? "" });
    last = match.index + match[0].length;
  }
  if (last < text.length) inlines.push({ kind: "text", text: text.slice(last) });
  return inlines;
}

/** The blocks of a document: a blank line ends a paragraph or a list; "- " starts a list item. */
export function parseMarkdown(source: string): Block[] {
  const blocks: Block[] = [];
  let paragraph: string[] = [];
  let list: string[] = [];
  const flush = () => {
    if (paragraph.length > 0) blocks.push({ kind: "paragraph", inlines: parseInline(paragraph.join(" ")) });
    if (list.length > 0) blocks.push({ kind: "list", items: list.map(parseInline) });
    paragraph = [];
    list = [];
  };
  for (const raw of source.split(/\r?\n/)) {
    const line = raw.trim();
    const heading = /^(#{1,3})\s+(.*)$/.exec(line);
    if (!line) {
      flush();
    } else if (heading) {
      flush();
      blocks.push({ kind: "heading", level: (heading[1]?.length ?? 1) as 1 | 2 | 3, text: heading[2] ?? "" });
    } else if (line.startsWith("- ")) {
      if (paragraph.length > 0) flush();
      list.push(line.slice(2));
    } else if (list.length > 0) {
      // A wrapped list item continues on the next line.
      list[list.length - 1] += ` ${line}`;
    } else {
      paragraph.push(line);
    }
  }
  flush();
  return blocks;
}
