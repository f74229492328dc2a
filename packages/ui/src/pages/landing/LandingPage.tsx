import { LANDING_CAROUSEL } from '@mentora/contract';
import { ArrowRight, Pause, Play } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { buttonPrimary, buttonSecondary, focusRing } from '../../components/styles';
import { FEATURES } from './features';
import { useRotation } from './useRotation';

function isFocusVisible(element: Element): boolean {
  try {
    return element.matches(':focus-visible');
  } catch {
    return true; // a browser without :focus-visible: pause, as for any focus
  }
}

export function LandingPage() {
  const [pointerInside, setPointerInside] = useState(false);
  const [focusInside, setFocusInside] = useState(false);
  const [userPaused, setUserPaused] = useState(false);
  const { selected, select } = useRotation(
    FEATURES.length,
    LANDING_CAROUSEL.intervalMs,
    userPaused || pointerInside || focusInside,
  );
  const current = FEATURES[selected] ?? FEATURES[0];
  const rotating = !(userPaused || pointerInside || focusInside);

  return (
    <>
      <section className="relative isolate -mt-16 overflow-hidden pt-16">
        <div aria-hidden="true" className="hero-glow pointer-events-none absolute inset-0 -z-10" />
        <div className="mx-auto grid max-w-7xl items-center gap-12 px-4 pt-16 pb-20 sm:px-6 sm:pt-24 lg:grid-cols-2 lg:px-8 lg:pt-28">
          <div>
            <p className="text-sm font-semibold tracking-[0.25em] text-indigo-700 dark:text-indigo-300">
              LEARN • GROW • EXCEL
            </p>
            <h1 className="mt-4 text-4xl font-bold tracking-tight text-balance text-slate-900 sm:text-5xl lg:text-6xl dark:text-white">
              The Future of Learning
            </h1>
            <p className="mt-6 max-w-xl text-lg leading-8 text-slate-600 dark:text-slate-300">
              Learn from verified mentors in live classes, talk things through with your classmates, and get help from
              an AI assistant whenever you need it.
            </p>
            <div className="mt-8 flex flex-wrap items-center gap-3">
              <Link to="/register" className={`${buttonPrimary} px-5 py-3 text-base`}>
                Explore Interface
                <ArrowRight aria-hidden="true" className="size-4" />
              </Link>
              <Link to="/login" className={`${buttonSecondary} px-5 py-3 text-base`}>
                I already have an account
              </Link>
            </div>
          </div>

          <section
            className="relative rounded-3xl border border-slate-200 bg-white/80 p-6 shadow-xl shadow-indigo-900/5 backdrop-blur sm:p-8 dark:border-slate-800 dark:bg-slate-900/80 dark:shadow-black/30"
            aria-labelledby="feature-showcase-title"
          >
            <div className="flex items-start gap-4">
              <span className="inline-flex size-14 shrink-0 items-center justify-center rounded-2xl bg-gradient-to-br from-indigo-600 to-violet-600 text-white shadow-md">
                <current.icon aria-hidden="true" className="size-7" />
              </span>
              <div>
                <p className="text-xs font-semibold tracking-wider text-slate-600 uppercase dark:text-slate-400">
                  Feature {selected + 1} of {FEATURES.length}
                </p>
                <h2 id="feature-showcase-title" className="mt-1 text-xl font-semibold text-slate-900 dark:text-white">
                  {current.title}
                </h2>
              </div>
            </div>
            <p className="mt-5 text-base leading-7 text-slate-700 dark:text-slate-300">{current.summary}</p>
            <p className="mt-2 text-sm leading-6 text-slate-600 dark:text-slate-400">{current.detail}</p>
            <div className="mt-6 flex gap-2" aria-hidden="true">
              {FEATURES.map((feature, index) => (
                <span
                  key={feature.title}
                  className={`h-1.5 flex-1 rounded-full ${index === selected ? 'bg-indigo-600 dark:bg-indigo-400' : 'bg-slate-200 dark:bg-slate-700'}`}
                />
              ))}
            </div>
          </section>
        </div>
      </section>

      <section aria-labelledby="features-heading" className="mx-auto max-w-7xl px-4 pb-24 sm:px-6 lg:px-8">
        <div className="flex flex-wrap items-end justify-between gap-4">
          <div>
            <h2 id="features-heading" className="text-2xl font-bold tracking-tight text-slate-900 dark:text-white">
              Everything you need to learn and teach
            </h2>
            <p className="mt-2 text-slate-600 dark:text-slate-400">Choose a feature to read more about it.</p>
          </div>
          <button
            type="button"
            onClick={() => setUserPaused((paused) => !paused)}
            className={`inline-flex items-center gap-2 rounded-lg px-3 py-2 text-sm font-medium text-slate-700 hover:bg-slate-100 dark:text-slate-300 dark:hover:bg-slate-800 ${focusRing}`}
          >
            {userPaused ? (
              <Play aria-hidden="true" className="size-4" />
            ) : (
              <Pause aria-hidden="true" className="size-4" />
            )}
            {userPaused ? 'Resume rotation' : 'Pause rotation'}
          </button>
        </div>
        <ul
          className="mt-8 grid gap-4 sm:grid-cols-2 lg:grid-cols-4"
          onPointerEnter={() => setPointerInside(true)}
          onPointerLeave={() => setPointerInside(false)}
          // Keyboard focus pauses until it leaves (WCAG 2.2.2); the focus a click leaves on a card does not, or
          // the rotation would stay stopped after the pointer has gone until someone clicked elsewhere.
          onFocus={(event) => setFocusInside(isFocusVisible(event.target))}
          onBlur={(event) => {
            if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setFocusInside(false);
          }}
        >
          {FEATURES.map((feature, index) => {
            const active = index === selected;
            return (
              <li key={feature.title}>
                <button
                  type="button"
                  aria-pressed={active}
                  onClick={() => select(index)}
                  className={`group relative flex h-full w-full flex-col overflow-hidden rounded-2xl border p-5 text-left transition-all ${focusRing} ${
                    active
                      ? 'border-indigo-600 bg-white shadow-md ring-1 ring-indigo-600 dark:border-indigo-400 dark:bg-slate-900 dark:ring-indigo-400'
                      : 'border-slate-200 bg-white hover:border-indigo-300 hover:shadow-sm dark:border-slate-800 dark:bg-slate-900 dark:hover:border-indigo-400/50'
                  }`}
                >
                  <span
                    className={`inline-flex size-11 items-center justify-center rounded-xl ${
                      active
                        ? 'bg-indigo-600 text-white'
                        : 'bg-indigo-50 text-indigo-700 dark:bg-indigo-500/15 dark:text-indigo-200'
                    }`}
                  >
                    <feature.icon aria-hidden="true" className="size-5" />
                  </span>
                  <span className="mt-4 text-base font-semibold text-slate-900 dark:text-white">{feature.title}</span>
                  <span className="mt-1 text-sm leading-6 text-slate-600 dark:text-slate-400">{feature.summary}</span>
                  {active && rotating && (
                    <span
                      key={selected}
                      aria-hidden="true"
                      className="carousel-progress absolute inset-x-0 bottom-0 h-1 origin-left bg-indigo-600 dark:bg-indigo-400"
                      style={{ animationDuration: `${LANDING_CAROUSEL.intervalMs}ms` }}
                    />
                  )}
                </button>
              </li>
            );
          })}
        </ul>
      </section>
    </>
  );
}
