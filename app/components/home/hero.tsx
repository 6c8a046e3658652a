import { ArrowRight } from "#app/components/ui/icons.tsx";
import { Link } from "react-router";
import { Button } from "#app/components/ui/button.tsx";

/** The landing page's opening: what the course is, for whom, and the two ways to begin. */
export function Hero() {
  return (
    <section className="relative overflow-hidden">
      <div className="container-page grid items-center gap-12 py-10 md:grid-cols-[1.1fr_1fr] md:py-20">
        <div>
          <p className="text-sm font-semibold tracking-wide text-sage-deep uppercase">
            Online hypnobirthing course
          </p>
          <h1 className="mt-3 text-4xl font-semibold md:text-6xl">
            Feel calmer and more prepared for your birth
          </h1>
          <p className="mt-6 measure text-lg text-ink-soft md:text-xl">
            Guided audio, breathing practice and clear, evidence-based guides, for you and your birth partner.
            Start free, in your own time, from the comfort of home.
          </p>
          <div className="mt-8 flex flex-wrap gap-3">
            <Button asChild size="lg">
              <Link to="/auth?tier=free">
                Start the free course <ArrowRight aria-hidden="true" />
              </Link>
            </Button>
            <Button asChild size="lg" variant="outline">
              <Link to="/course">See what's inside</Link>
            </Button>
          </div>
        </div>
        {/* On a phone the preview follows the words at once; the picture is for wider screens. */}
        <div className="hidden md:block">
          <HeroIllustration />
        </div>
      </div>
    </section>
  );
}

/** A moon rising over soft waves: the feeling we want, in shapes. */
function HeroIllustration() {
  return (
    <svg viewBox="0 0 480 400" className="mx-auto w-full max-w-md" aria-hidden="true" focusable="false">
      <defs>
        <linearGradient id="hero-sky" x1="0" y1="0" x2="0" y2="1">
          <stop offset="0" stopColor="var(--color-lavender-soft)" />
          <stop offset="1" stopColor="var(--color-apricot-soft)" />
        </linearGradient>
        <clipPath id="hero-frame">
          <rect x="20" y="10" width="440" height="380" rx="190" />
        </clipPath>
      </defs>
      <g clipPath="url(#hero-frame)">
        <rect x="20" y="10" width="440" height="380" fill="url(#hero-sky)" />
        <circle cx="300" cy="150" r="62" fill="var(--color-apricot)" opacity="0.9" />
        <circle
          cx="300"
          cy="150"
          r="92"
          fill="none"
          stroke="var(--color-apricot)"
          strokeOpacity="0.35"
          strokeWidth="2"
        />
        <circle
          cx="300"
          cy="150"
          r="124"
          fill="none"
          stroke="var(--color-apricot)"
          strokeOpacity="0.18"
          strokeWidth="2"
        />
        <path
          d="M0 270c40-26 80-26 120 0s80 26 120 0 80-26 120 0 80-26 120 0v130H0Z"
          fill="var(--color-lavender)"
          opacity="0.7"
        />
        <path
          d="M0 305c40-22 80-22 120 0s80 22 120 0 80-22 120 0 80-22 120 0v95H0Z"
          fill="var(--color-sage)"
          opacity="0.55"
        />
        <path
          d="M60 340c35-16 70-16 105 0s70 16 105 0 70-16 105 0 50 12 75 6"
          fill="none"
          stroke="var(--color-cream)"
          strokeWidth="3"
          strokeLinecap="round"
          opacity="0.8"
        />
      </g>
    </svg>
  );
}
