import { describe, expect, it } from "vitest";

import hipaa from "../../../../../docs/hipaa.md?raw";
import { parseInline, parseMarkdown } from "./markdown";

describe("the Markdown the app's documents use", () => {
  it("reads headings, paragraphs and lists, wrapped lines included", () => {
    expect(parseMarkdown("# Title\n\nOne line\nand the next.\n\n## Part\n- first\n  still first\n- second\n")).toEqual([
      { kind: "heading", level: 1, text: "Title" },
      { kind: "paragraph", inlines: [{ kind: "text", text: "One line and the next." }] },
      { kind: "heading", level: 2, text: "Part" },
      { kind: "list", items: [[{ kind: "text", text: "first still first" }], [{ kind: "text", text: "second" }]] },
    ]);
  });

  it("marks bold and code within a line", () => {
    expect(parseInline("Set **TLS** with `PUBLIC_ORIGIN` now")).toEqual([
      { kind: "text", text: "Set " },
      { kind: "strong", text: "TLS" },
      { kind: "text", text: " with " },
      { kind: "code", text: "PUBLIC_ORIGIN" },
      { kind: "text", text: " now" },
    ]);
  });

  it("covers each technical safeguard of 164.312 in docs/hipaa.md, and what the clinic must do", () => {
    const headings = parseMarkdown(hipaa)
      .filter((block) => block.kind === "heading" && block.level === 2)
      .map((block) => (block.kind === "heading" ? block.text : ""));
    expect(headings).toEqual([
      "Access control (164.312(a))",
      "Audit controls (164.312(b))",
      "Integrity (164.312(c))",
      "Person or entity authentication (164.312(d))",
      "Transmission security (164.312(e))",
      "What the clinic must do itself",
    ]);
  });
});
