import { Eyebrow } from "@halcyon/ui/components/eyebrow";
import { Ornament } from "@halcyon/ui/components/ornament";
import { Fragment } from "react";

import hipaa from "../../../../../docs/hipaa.md?raw";
import { pageTitle } from "../../lib/clinic";
import { useDocumentTitle } from "../../lib/use-document-title";
import { parseMarkdown, type Block, type Inline } from "./markdown";

const BLOCKS = parseMarkdown(hipaa);

/** docs/hipaa.md as a page of the app (/hipaa), where the chat's "HIPAA compliant" leads. */
export function HipaaPage() {
  useDocumentTitle(pageTitle("HIPAA"));
  const [title, ...rest] = BLOCKS;
  return (
    <article className="mx-auto max-w-3xl px-5 pt-16 pb-24 sm:px-8 md:pt-24">
      <Eyebrow>Privacy &amp; security</Eyebrow>
      <h1 className="mt-6 font-display text-4xl leading-tight text-ink-900 md:text-6xl">{title?.kind === "heading" ? title.text : "HIPAA"}</h1>
      <Ornament className="mt-8" />
      <div className="mt-10 grid gap-5 text-base leading-relaxed text-ink-800">
        {rest.map((block, index) => (
          <BlockView key={index} block={block} />
        ))}
      </div>
    </article>
  );
}

function BlockView({ block }: { block: Block }) {
  if (block.kind === "heading") {
    return block.level <= 2 ? (
      <h2 className="mt-8 font-display text-3xl leading-tight text-ink-900">{block.text}</h2>
    ) : (
      <h3 className="mt-4 font-display text-2xl text-ink-900">{block.text}</h3>
    );
  }
  if (block.kind === "paragraph") {
    return (
      <p>
        <Inlines inlines={block.inlines} />
      </p>
    );
  }
  return (
    <ul className="grid list-disc gap-3 pl-6 marker:text-gold-700">
      {block.items.map((item, index) => (
        <li key={index}>
          <Inlines inlines={item} />
        </li>
      ))}
    </ul>
  );
}

function Inlines({ inlines }: { inlines: Inline[] }) {
  return inlines.map((inline, index) =>
    inline.kind === "strong" ? (
      <strong key={index} className="font-semibold text-ink-900">
        {inline.text}
      </strong>
    ) : inline.kind === "code" ? (
      <code key={index} className="rounded bg-ivory-200 px-1.5 py-0.5 font-mono text-[0.9em] text-ink-900">
        {inline.text}
      </code>
    ) : (
      <Fragment key={index}>{inline.text}</Fragment>
    ),
  );
}
