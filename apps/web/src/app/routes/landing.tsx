import { LandingHero } from '../../features/pages/components/landing-hero';

export function LandingRoute() {
  return <LandingHero />;
}
