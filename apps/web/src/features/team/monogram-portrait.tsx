import { monogramOf } from "../../lib/monogram";
import type { StaffMember } from "./staff";

/**
 * A portrait without a photograph: the person's initials, engraved in the display serif inside an
 * arch, on a ground of their own colours. No photos to license, host or load from elsewhere.
 */
export function MonogramPortrait({ member }: { member: StaffMember }) {
  const id = `portrait-${member.lastName.toLowerCase()}`;
  const [dark, light] = member.palette;
  return (
    <svg viewBox="0 0 240 300" role="img" aria-labelledby={`${id}-title`} className="h-auto w-full">
      <title id={`${id}-title`}>{`Monogram portrait of ${member.displayName}`}</title>
      <defs>
        <linearGradient id={`${id}-ground`} x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor={dark} />
          <stop offset="1" stopColor={light} />
        </linearGradient>
        <radialGradient id={`${id}-light`} cx="0.7" cy="0.15" r="0.8">
          <stop offset="0" stopColor="#efe3c4" stopOpacity="0.35" />
          <stop offset="1" stopColor="#efe3c4" stopOpacity="0" />
        </radialGradient>
      </defs>
      <path d="M0 300V120C0 53.7 53.7 0 120 0s120 53.7 120 120v180z" fill={`url(#${id}-ground)`} />
      <path d="M0 300V120C0 53.7 53.7 0 120 0s120 53.7 120 120v180z" fill={`url(#${id}-light)`} />
      <path d="M14 300V122C14 63.5 61.5 16 120 16s106 47.5 106 106v178" fill="none" stroke="#e3cf9f" strokeOpacity="0.6" strokeWidth="1" />
      <circle cx="120" cy="150" r="62" fill="none" stroke="#e3cf9f" strokeOpacity="0.45" strokeWidth="0.8" />
      <text
        x="120"
        y="150"
        textAnchor="middle"
        dominantBaseline="central"
        fill="#fbf8f2"
        fontFamily="Cormorant Garamond, Georgia, serif"
        fontSize="64"
        fontWeight="500"
        letterSpacing="4"
      >
        {monogramOf(member.firstName, member.lastName)}
      </text>
      <path d="M120 238l5 5-5 5-5-5z" fill="none" stroke="#e3cf9f" strokeWidth="0.9" />
      <path d="M0 299.5h240" stroke="#c4a265" strokeWidth="1" />
    </svg>
  );
}
