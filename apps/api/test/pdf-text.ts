// The words of a PDF, page by page, as a reader sees them (pdf.js, the engine of Firefox's viewer).
import { getDocument } from "pdfjs-dist/legacy/build/pdf.mjs";

export async function pdfText(bytes: Buffer): Promise<{ pages: number; text: string }> {
  const document = await getDocument({ data: new Uint8Array(bytes), useSystemFonts: false, isEvalSupported: false }).promise;
  const pages: string[] = [];
  for (let number = 1; number <= document.numPages; number += 1) {
    const content = await (await document.getPage(number)).getTextContent();
    pages.push(content.items.map((item) => ("str" in item ? item.str + (item.hasEOL ? "\n" : "") : "")).join(""));
  }
  await document.destroy();
  // One space for any run of spaces and line breaks: a reader does not see where lines wrap.
  return { pages: document.numPages, text: pages.join("\n").replace(/\s+/g, " ") };
}
