// CSV as the clinic exports it (the audit log, receivables): every cell quoted, and never read by
// a spreadsheet as a formula.

/** A cell as CSV: quoted, and a leading =, +, -, @, tab or return neutralised with a quote mark. */
export function csvCell(value: unknown): string {
  let text = value === null || value === undefined ? "" : typeof value === "string" ? value : JSON.stringify(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return `"${text.replace(/"/g, '""')}"`;
}

/** Rows (the header first) as a CSV document, CRLF line ends as RFC 4180 has them. */
export function csvDocument(rows: unknown[][]): string {
  return `${rows.map((row) => row.map(csvCell).join(",")).join("\r\n")}\r\n`;
}
