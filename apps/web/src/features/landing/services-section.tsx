import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@halcyon/ui/components/card";
import { Eyebrow } from "@halcyon/ui/components/eyebrow";
import { Flower2, HeartHandshake, ShieldCheck, UserRound, type LucideIcon } from "lucide-react";

type Service = { title: string; description: string; approaches: string; icon: LucideIcon };

const SERVICES: Service[] = [
  {
    title: "Individual Therapy",
    description: "One-to-one sessions shaped around you: anxiety, low mood, burnout, life's transitions, or simply a space to think clearly again.",
    approaches: "CBT · ACT · Psychodynamic",
    icon: UserRound,
  },
  {
    title: "Couples Therapy",
    description: "A calm, even-handed room for two. Rebuild trust, learn to speak and to listen, and find your way back to each other.",
    approaches: "Gottman · EFT",
    icon: HeartHandshake,
  },
  {
    title: "PTSD & Trauma Care",
    description: "Specialist, paced care for what is hard to carry. We work gently, at your speed, towards safety and steadiness.",
    approaches: "EMDR · TF-CBT",
    icon: ShieldCheck,
  },
  {
    title: "Mindfulness & Wellness",
    description: "Practical ways to quiet the mind and rest the body: attention, breath, sleep and the rhythms of an easier day.",
    approaches: "MBSR · Breathwork · Sleep",
    icon: Flower2,
  },
];

export function ServicesSection() {
  return (
    <section id="services" aria-labelledby="services-title" className="scroll-mt-20 bg-ivory-50 py-24 md:py-32">
      <div className="mx-auto max-w-7xl px-5 sm:px-8">
        <div className="mx-auto max-w-2xl text-center">
          <Eyebrow>Services</Eyebrow>
          <h2 id="services-title" className="mt-5 font-display text-4xl leading-tight text-ink-900 md:text-5xl">
            Care, tailored with intention
          </h2>
          <p className="mt-6 text-lg leading-relaxed text-muted-foreground">
            Four disciplines, one standard of care. Every plan begins with a conversation and is shaped, session by session, around the person in the room.
          </p>
        </div>

        <ul className="mt-16 grid gap-6 md:grid-cols-2 xl:grid-cols-4">
          {SERVICES.map(({ title, description, approaches, icon: Icon }) => (
            <li key={title} className="flex">
              <Card className="group w-full transition-[transform,box-shadow] duration-500 ease-out hover:-translate-y-1 hover:shadow-lifted">
                <CardHeader className="gap-6">
                  <span className="flex size-14 items-center justify-center rounded-full border border-hairline bg-ivory-100 text-gold-700 transition-colors duration-500 group-hover:bg-gold-200">
                    <Icon className="size-6" strokeWidth={1.4} aria-hidden="true" />
                  </span>
                  {/* Two lines tall from four columns up, so the descriptions below start level. */}
                  <CardTitle className="text-[1.75rem]/tight xl:flex xl:min-h-[2.5em] xl:items-end">{title}</CardTitle>
                </CardHeader>
                <CardContent className="flex flex-1 flex-col justify-between gap-8">
                  <CardDescription className="text-[0.95rem]/relaxed">{description}</CardDescription>
                  <p className="border-t border-ivory-300 pt-5 text-xs font-medium tracking-[0.14em] text-gold-700 uppercase">{approaches}</p>
                </CardContent>
              </Card>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
