import type { Instrument, MeasureRecord } from "@halcyon/domain/schemas";
import { INSTRUMENT_IDS, INSTRUMENTS, isRemission, isResponse } from "@halcyon/domain/rules";
import { Badge } from "@halcyon/ui/components/badge";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@halcyon/ui/components/table";
import { ClipboardList } from "lucide-react";

import { EmptyState } from "../../components/empty-state";
import { formatDate } from "../../lib/time-format";

/** Band shades, mildest first: from the page's ivory toward a muted rose. */
const BAND_SHADES = ["#f3efe4", "#efe3c4", "#ead2b0", "#e4bfa6", "#dcaaa0"];
const WIDTH = 640;
const HEIGHT = 220;
const PAD = { left: 36, right: 16, top: 12, bottom: 24 };

/**
 * Each measure over time, the bands shaded behind the scores, with response (a fall of half or
 * more from the first score) and remission (latest below 5) named; a table for screen readers and
 * anyone who prefers numbers.
 */
export function MeasureTrends({ measures, subject }: { measures: readonly MeasureRecord[]; subject: string }) {
  const taken = INSTRUMENT_IDS.filter((id) => measures.some((measure) => measure.instrument === id));
  if (taken.length === 0) {
    return (
      <EmptyState icon={ClipboardList} title="No questionnaires yet">
        PHQ-9 and GAD-7 scores appear here once {subject} completes one.
      </EmptyState>
    );
  }
  return (
    // Side by side on a wide screen: one chart the card's whole width would be drawn twice life size.
    <div className="grid gap-10 lg:grid-cols-2">
      {taken.map((id) => (
        <Trend key={id} instrument={INSTRUMENTS[id]} measures={measures.filter((measure) => measure.instrument === id)} />
      ))}
    </div>
  );
}

function Trend({ instrument, measures }: { instrument: Instrument; measures: readonly MeasureRecord[] }) {
  const scores = measures.map((measure) => measure.score);
  const x = (index: number) =>
    PAD.left + (measures.length === 1 ? (WIDTH - PAD.left - PAD.right) / 2 : (index * (WIDTH - PAD.left - PAD.right)) / (measures.length - 1));
  const y = (score: number) => PAD.top + (1 - score / instrument.maxScore) * (HEIGHT - PAD.top - PAD.bottom);
  const line = measures.map((measure, index) => `${index === 0 ? "M" : "L"}${x(index).toFixed(1)},${y(measure.score).toFixed(1)}`).join(" ");
  const latest = measures.at(-1)!;
  return (
    <figure className="grid min-w-0 gap-3" data-testid={`trend-${instrument.id}`}>
      <div className="flex flex-wrap items-baseline justify-between gap-3">
        <figcaption className="font-display text-xl text-ink-900">
          {instrument.name}{" "}
          <span className="font-sans text-sm text-muted-foreground">
            latest {latest.score} · {latest.band.toLowerCase()}
          </span>
        </figcaption>
        <div className="flex flex-wrap gap-2">
          {isResponse(scores) && <Badge tone="sage">Response: down by half or more</Badge>}
          {isRemission(scores) && <Badge tone="sage">Remission: below 5</Badge>}
        </div>
      </div>
      <svg viewBox={`0 0 ${WIDTH} ${HEIGHT}`} className="h-auto w-full" aria-hidden="true">
        {instrument.bands.map((band, index) => {
          const top = instrument.bands[index + 1]?.from ?? instrument.maxScore + 1;
          return (
            <g key={band.label}>
              <rect
                x={PAD.left}
                width={WIDTH - PAD.left - PAD.right}
                y={y(Math.min(top, instrument.maxScore))}
                height={y(band.from) - y(Math.min(top, instrument.maxScore))}
                fill={BAND_SHADES[index]}
              />
              <text x={PAD.left - 6} y={y(band.from) - 2} textAnchor="end" className="fill-stone-600 text-[10px]">
                {band.from}
              </text>
            </g>
          );
        })}
        <path d={line} fill="none" stroke="var(--color-ink-900)" strokeWidth={2} />
        {measures.map((measure, index) => (
          <circle key={measure.id} cx={x(index)} cy={y(measure.score)} r={4.5} fill="var(--color-gold-600)" stroke="var(--color-ivory-50)" strokeWidth={1.5} />
        ))}
      </svg>
      <ul className="flex flex-wrap gap-x-4 gap-y-1 text-xs text-stone-600" aria-hidden="true">
        {instrument.bands.map((band, index) => (
          <li key={band.label} className="flex items-center gap-1.5">
            <span className="size-3 rounded-sm" style={{ background: BAND_SHADES[index] }} />
            {band.label}
          </li>
        ))}
      </ul>
      <details className="text-sm">
        <summary className="cursor-pointer text-ink-800 underline-offset-4 hover:underline">The {instrument.name} scores as a table</summary>
        <Table className="mt-2">
          <TableHeader>
            <TableRow>
              <TableHead>Date</TableHead>
              <TableHead>Score (of {instrument.maxScore})</TableHead>
              <TableHead>Band</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {measures.map((measure) => (
              <TableRow key={measure.id}>
                <TableCell>{formatDate(measure.createdAt)}</TableCell>
                <TableCell className="tabular-nums">{measure.score}</TableCell>
                <TableCell>{measure.band}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </details>
    </figure>
  );
}
