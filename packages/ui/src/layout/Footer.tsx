import { Mail } from 'lucide-react';
import { ExternalLink } from '../components/ExternalLink';
import { Logo } from '../components/Logo';
import { GitHubIcon, LinkedInIcon, YouTubeIcon } from '../components/SocialIcons';
import { focusRing, textLink } from '../components/styles';

export const CONTACT_EMAIL = 'support@mentora.example';

const SOCIAL_LINKS = [
  { href: 'https://github.com/', label: 'Mentora on GitHub', icon: GitHubIcon },
  { href: 'https://www.linkedin.com/', label: 'Mentora on LinkedIn', icon: LinkedInIcon },
  { href: 'https://www.youtube.com/', label: 'Mentora on YouTube', icon: YouTubeIcon },
] as const;

const headingClass = 'text-sm font-semibold text-slate-900 dark:text-white';

/**
 * About blurb, team line, contact, three social links and the copyright line (SPEC.md sections 1 and 2).
 * `className`: the layout's gutter for the floating assistant (assistant/placement.ts), when there is one.
 */
export function Footer({ className = '' }: { className?: string }) {
  const year = new Date().getFullYear();
  return (
    <footer className={`border-t border-slate-200 bg-white dark:border-slate-800 dark:bg-slate-950 ${className}`}>
      <div className="mx-auto grid max-w-7xl gap-10 px-4 py-12 sm:px-6 md:grid-cols-3 lg:px-8">
        <section aria-labelledby="footer-about" className="space-y-3">
          <h2 id="footer-about" className="sr-only">
            About Mentora
          </h2>
          <Logo />
          <p className="max-w-sm text-sm leading-6 text-slate-600 dark:text-slate-400">
            Mentora brings learners and verified mentors together: live classes, focused discussions, a friendly
            community and an AI assistant for the moments you are stuck.
          </p>
          <p className="text-sm text-slate-600 dark:text-slate-400">Built with care by the Mentora team.</p>
        </section>

        <section aria-labelledby="footer-contact" className="space-y-3">
          <h2 id="footer-contact" className={headingClass}>
            Contact
          </h2>
          <p className="text-sm text-slate-600 dark:text-slate-400">Questions, ideas or feedback? Write to us.</p>
          <a href={`mailto:${CONTACT_EMAIL}`} className={`inline-flex items-center gap-2 text-sm ${textLink}`}>
            <Mail aria-hidden="true" className="size-4" />
            {CONTACT_EMAIL}
          </a>
        </section>

        <section aria-labelledby="footer-social" className="space-y-3">
          <h2 id="footer-social" className={headingClass}>
            Follow us
          </h2>
          <ul className="flex gap-3">
            {SOCIAL_LINKS.map(({ href, label, icon: Icon }) => (
              <li key={href}>
                <ExternalLink
                  href={href}
                  aria-label={label}
                  className={`inline-flex size-10 items-center justify-center rounded-full border border-slate-200 text-slate-600 transition-colors hover:border-indigo-300 hover:bg-indigo-50 hover:text-indigo-700 dark:border-slate-700 dark:text-slate-300 dark:hover:border-indigo-400/40 dark:hover:bg-indigo-500/10 dark:hover:text-indigo-200 ${focusRing}`}
                >
                  <Icon />
                </ExternalLink>
              </li>
            ))}
          </ul>
        </section>
      </div>
      <div className="border-t border-slate-200 dark:border-slate-800">
        <div className="mx-auto flex max-w-7xl flex-col gap-1 px-4 py-5 text-sm text-slate-600 sm:flex-row sm:items-center sm:justify-between sm:px-6 lg:px-8 dark:text-slate-400">
          <p>© {year} Mentora</p>
          <p className="text-xs font-semibold tracking-[0.2em]">LEARN • GROW • EXCEL</p>
        </div>
      </div>
    </footer>
  );
}
