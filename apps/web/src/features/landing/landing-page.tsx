import { useRef } from "react";

import { HOME_TITLE } from "../../lib/clinic";
import { useDocumentTitle } from "../../lib/use-document-title";
import { AboutSection } from "./about-section";
import { CallToActionSection } from "./call-to-action-section";
import { HeroSection } from "./hero-section";
import { ServicesSection } from "./services-section";
import { SplashScreen } from "./splash-screen";

export function LandingPage() {
  useDocumentTitle(HOME_TITLE);
  const aboutRef = useRef<HTMLElement>(null);

  const showAbout = () => {
    const about = aboutRef.current;
    if (!about) return;
    // The stylesheet makes this scroll smooth, unless the visitor prefers reduced motion.
    about.scrollIntoView();
    about.focus({ preventScroll: true });
  };

  return (
    <>
      <SplashScreen />
      <HeroSection onLearnMore={showAbout} />
      <ServicesSection />
      <AboutSection ref={aboutRef} />
      <CallToActionSection />
    </>
  );
}
