import { cn } from "@halcyon/ui/lib/utils";

/**
 * An arched window onto a still sea at dusk: the halcyon days of the legend, when the sea lies
 * calm. Drawn in SVG so it is crisp at any size and needs no image from anywhere.
 */
export function HeroArt({ className }: { className?: string }) {
  const reflections = [
    { y: 402, width: 150 },
    { y: 418, width: 112 },
    { y: 434, width: 82 },
    { y: 450, width: 56 },
    { y: 466, width: 34 },
  ];
  return (
    <svg viewBox="0 0 480 600" role="img" aria-labelledby="hero-art-title" className={cn("h-auto w-full", className)}>
      <title id="hero-art-title">An arched window onto a calm sea at dusk, a golden sun low over the water</title>
      <defs>
        <linearGradient id="hero-sky" x1="0" y1="0" x2="0" y2="1">
          <stop offset="0" stopColor="#0b1220" />
          <stop offset="0.55" stopColor="#1a2640" />
          <stop offset="0.64" stopColor="#3a4761" />
          <stop offset="0.645" stopColor="#1a2640" />
          <stop offset="1" stopColor="#0b1220" />
        </linearGradient>
        <radialGradient id="hero-glow" cx="0.5" cy="0.6" r="0.5">
          <stop offset="0" stopColor="#e3cf9f" stopOpacity="0.55" />
          <stop offset="0.45" stopColor="#c4a265" stopOpacity="0.15" />
          <stop offset="1" stopColor="#c4a265" stopOpacity="0" />
        </radialGradient>
        <linearGradient id="hero-sun" x1="0" y1="0" x2="0" y2="1">
          <stop offset="0" stopColor="#efe3c4" />
          <stop offset="1" stopColor="#c4a265" />
        </linearGradient>
        <clipPath id="hero-arch">
          <path d="M24 600V252C24 132.7 120.7 36 240 36s216 96.7 216 216v348z" />
        </clipPath>
      </defs>

      <g clipPath="url(#hero-arch)">
        <rect width="480" height="600" fill="url(#hero-sky)" />
        <rect y="120" width="480" height="380" fill="url(#hero-glow)" />
        {[70, 118, 172, 310, 356, 402, 150, 386].map((x, index) => (
          <circle key={x} cx={x} cy={96 + ((index * 47) % 150)} r={index % 3 === 0 ? 1.3 : 0.8} fill="#efe3c4" opacity="0.7" />
        ))}
        <circle cx="240" cy="330" r="58" fill="url(#hero-sun)" />
        <rect y="384" width="480" height="216" fill="#111a2e" />
        {reflections.map(({ y, width }) => (
          <rect key={y} x={240 - width / 2} y={y} width={width} height="2.2" rx="1.1" fill="#d4b77c" opacity={0.75 - (y - 402) / 120} />
        ))}
        {[500, 528, 556].map((y, index) => (
          <path
            key={y}
            d={`M0 ${y}c40-10 80-10 120 0s80 10 120 0 80-10 120 0 80 10 120 0`}
            fill="none"
            stroke="#c4a265"
            strokeWidth="0.8"
            opacity={0.45 - index * 0.12}
          />
        ))}
      </g>

      <path d="M24 600V252C24 132.7 120.7 36 240 36s216 96.7 216 216v348" fill="none" stroke="#c4a265" strokeWidth="1" />
      <path d="M8 600V252C8 123.9 111.9 20 240 20s232 103.9 232 232v348" fill="none" stroke="#c4a265" strokeOpacity="0.45" strokeWidth="0.75" />
      <path d="M240 4l6 6-6 6-6-6z" fill="none" stroke="#9c7b40" strokeWidth="0.9" />
      {/* The sill the window rests on. */}
      <path d="M0 599.5h480" stroke="#c4a265" strokeWidth="1" />
    </svg>
  );
}
