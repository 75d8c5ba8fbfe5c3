// The clinic's look on paper, shared by every PDF it hands out (the record, invoices, receipts,
// superbills, Good Faith Estimates): US Letter, the DejaVu fonts (from npm, embedded as subsets:
// they draw Latin, Greek and Cyrillic names where the PDF's built-in fonts stop at Windows-1252),
// ink, muted and gold, gold-ruled headings and page numbers. A renderer lays out its content with
// these and nothing of its own styling.
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";

import PDFDocument from "pdfkit";

const FONT_FILES = { serif: "DejaVuSerif", sans: "DejaVuSans", bold: "DejaVuSans-Bold", italic: "DejaVuSans-Oblique" };

/** The fonts' bytes, read from disk at the first document asked for and kept: not on every download. */
let fonts: [name: string, bytes: Buffer][] | undefined;
function loadedFonts(): [name: string, bytes: Buffer][] {
  const resolve = createRequire(import.meta.url).resolve;
  fonts ??= Object.entries(FONT_FILES).map(([name, file]) => [name, readFileSync(resolve(`dejavu-fonts-ttf/ttf/${file}.ttf`))]);
  return fonts;
}

export const INK = "#0b1220";
export const MUTED = "#57534e";
export const GOLD = "#9c7b40";
export const MARGIN = 56;

/** A table column: its heading, its share of the text width, and how its cells align. */
export interface Column {
  heading: string;
  width: number;
  align?: "left" | "right";
}

export type Page = ReturnType<typeof openPdf>;

/** A new document and the layout helpers that draw on it; `finish(footer)` numbers the pages and answers the bytes. */
export function openPdf(info: { title: string; author: string }) {
  const doc = new PDFDocument({ size: "LETTER", margin: MARGIN, bufferPages: true, info: { Title: info.title, Author: info.author, Creator: "Halcyon" } });
  for (const [name, bytes] of loadedFonts()) doc.registerFont(name, bytes);
  const chunks: Buffer[] = [];
  doc.on("data", (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on("end", () => resolve(Buffer.concat(chunks)));
    doc.on("error", reject);
  });
  const width = doc.page.width - 2 * MARGIN;

  const keepRoom = (points: number) => {
    if (doc.y > doc.page.height - MARGIN - points) doc.addPage();
  };
  const heading = (text: string) => {
    keepRoom(120);
    doc.moveDown(1.2).font("serif").fontSize(18).fillColor(INK).text(text, MARGIN, doc.y, { width });
    const y = doc.y + 4;
    doc
      .moveTo(MARGIN, y)
      .lineTo(MARGIN + 48, y)
      .strokeColor(GOLD)
      .lineWidth(0.8)
      .stroke();
    doc.moveDown(0.8);
  };
  const small = (text: string, color = MUTED) => doc.font("sans").fontSize(8.5).fillColor(color).text(text, MARGIN, doc.y, { width });
  const body = (text: string) => doc.font("sans").fontSize(10).fillColor(INK).text(text, MARGIN, doc.y, { width, lineGap: 2 });
  const strong = (text: string) => doc.font("bold").fontSize(10).fillColor(INK).text(text, MARGIN, doc.y, { width });
  const label = (text: string) => doc.font("bold").fontSize(8).fillColor(MUTED).text(text.toUpperCase(), MARGIN, doc.y, { width, characterSpacing: 1 });
  const none = (text: string) => doc.font("italic").fontSize(10).fillColor(MUTED).text(text, MARGIN, doc.y, { width });

  /** The clinic's name in gold capitals over the document's title. */
  const masthead = (clinicName: string, title: string) => {
    doc.font("sans").fontSize(9).fillColor(GOLD).text(clinicName.toUpperCase(), { characterSpacing: 2 });
    doc.moveDown(0.4).font("serif").fontSize(26).fillColor(INK).text(title);
    doc.moveDown(0.2);
  };

  /** Labelled blocks side by side (the clinic, the patient…), each a label over its lines. */
  const blocks = (items: { label: string; lines: string[] }[]) => {
    keepRoom(90);
    const top = doc.y;
    const gap = 16;
    const blockWidth = (width - gap * (items.length - 1)) / items.length;
    let bottom = top;
    items.forEach((item, index) => {
      const x = MARGIN + index * (blockWidth + gap);
      doc.font("bold").fontSize(8).fillColor(MUTED).text(item.label.toUpperCase(), x, top, { width: blockWidth, characterSpacing: 1 });
      doc.moveDown(0.2);
      for (const line of item.lines) doc.font("sans").fontSize(9.5).fillColor(INK).text(line, x, doc.y, { width: blockWidth });
      bottom = Math.max(bottom, doc.y);
    });
    doc.x = MARGIN;
    doc.y = bottom;
    doc.moveDown(0.8);
  };

  /** A table: a ruled heading row, then one row per entry, breaking to a new page (heading again) as needed. */
  const table = (columns: Column[], rows: string[][], { boldLast = false } = {}) => {
    const total = columns.reduce((sum, column) => sum + column.width, 0);
    const widths = columns.map((column) => (column.width / total) * width);
    const drawRow = (cells: string[], font: string, color: string) => {
      const top = doc.y;
      let bottom = top;
      let x = MARGIN;
      cells.forEach((cell, index) => {
        doc
          .font(font)
          .fontSize(8.5)
          .fillColor(color)
          .text(cell, x + 2, top, { width: widths[index]! - 4, align: columns[index]?.align ?? "left" });
        bottom = Math.max(bottom, doc.y);
        x += widths[index]!;
      });
      doc.x = MARGIN;
      doc.y = bottom + 3;
    };
    const rule = (color: string) => {
      doc
        .moveTo(MARGIN, doc.y)
        .lineTo(MARGIN + width, doc.y)
        .strokeColor(color)
        .lineWidth(0.5)
        .stroke();
      doc.y += 3;
    };
    const headingRow = () => {
      drawRow(
        columns.map((column) => column.heading.toUpperCase()),
        "bold",
        MUTED,
      );
      rule(GOLD);
    };
    keepRoom(60);
    headingRow();
    rows.forEach((cells, index) => {
      if (doc.y > doc.page.height - MARGIN - 40) {
        doc.addPage();
        headingRow();
      }
      const last = boldLast && index === rows.length - 1;
      if (last) rule(MUTED);
      drawRow(cells, last ? "bold" : "sans", INK);
    });
    doc.moveDown(0.6);
  };

  /** A line to sign on, with who signs under it. */
  const signatureLine = (under: string) => {
    keepRoom(70);
    doc.moveDown(2);
    const y = doc.y;
    doc
      .moveTo(MARGIN, y)
      .lineTo(MARGIN + 240, y)
      .strokeColor(INK)
      .lineWidth(0.6)
      .stroke();
    doc
      .moveTo(MARGIN + 290, y)
      .lineTo(MARGIN + 400, y)
      .stroke();
    doc.y = y + 4;
    doc.font("sans").fontSize(8.5).fillColor(MUTED).text(under, MARGIN, doc.y, { width: 240 });
    doc
      .font("sans")
      .fontSize(8.5)
      .fillColor(MUTED)
      .text("Date", MARGIN + 290, y + 4, { width: 110 });
    doc.x = MARGIN;
    doc.moveDown(0.8);
  };

  /** Numbers every page with `footer` and ends the document. */
  const finish = (footer: string): Promise<Buffer> => {
    const range = doc.bufferedPageRange();
    for (let index = 0; index < range.count; index += 1) {
      doc.switchToPage(range.start + index);
      // Below the bottom margin, where pdfkit would otherwise begin a new page for the text.
      doc.page.margins.bottom = 0;
      doc
        .font("sans")
        .fontSize(8)
        .fillColor(MUTED)
        .text(`${footer}  ·  Page ${index + 1} of ${range.count}`, MARGIN, doc.page.height - MARGIN + 20, { width, align: "center", lineBreak: false });
    }
    doc.end();
    return done;
  };

  return { doc, width, keepRoom, heading, small, body, strong, label, none, masthead, blocks, table, signatureLine, finish };
}
