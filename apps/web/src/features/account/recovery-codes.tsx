import { Button } from "@halcyon/ui/components/button";
import { useRef, useState, type ReactNode } from "react";

import { CopyButton } from "../../components/copy-field";

/** Ten single-use recovery codes, shown once, the moment two-step sign-in turns on. */
export function RecoveryCodes({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const list = useRef<HTMLUListElement>(null);
  return (
    <div className="grid gap-5">
      <p className="max-w-2xl text-muted-foreground">
        If you lose your phone or your passkeys, each of these codes signs you in once in their place. They are shown only now: save them somewhere safe, apart
        from your devices.
      </p>
      <ul
        ref={list}
        aria-label="Your recovery codes"
        className="grid w-fit grid-cols-2 gap-x-8 gap-y-2 rounded-lg border border-hairline bg-ivory-50 p-5 font-mono text-ink-900"
      >
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ul>
      <CopyButton
        label="All recovery codes"
        value={codes.join("\n")}
        selectInstead={() => list.current && window.getSelection()?.selectAllChildren(list.current)}
      />
      <Button className="w-fit" onClick={onDone}>
        I have saved them
      </Button>
    </div>
  );
}

/**
 * The recovery codes a set-up just answered, shown until the member has put them away, then
 * `onDone`: `show` them, and render `panel` in the section's place while it is not null.
 */
export function useRecoveryCodesOnce(onDone?: () => void): { show: (codes: string[]) => void; panel: ReactNode } {
  const [codes, setCodes] = useState<string[]>();
  const panel = codes ? (
    <RecoveryCodes
      codes={codes}
      onDone={() => {
        setCodes(undefined);
        onDone?.();
      }}
    />
  ) : null;
  return { show: setCodes, panel };
}
