import { ArrowLeft } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { textLink } from '../../components/styles';

/** The class page's frame, with its way back to the list: the same whether the class loaded or not. */
export function ClassPageShell({ children }: { children: ReactNode }) {
  return (
    <div className="mx-auto max-w-7xl px-4 py-8 sm:px-6 sm:py-12 lg:px-8">
      <Link to="/classes" className={`${textLink} inline-flex items-center gap-1.5 text-sm`}>
        <ArrowLeft aria-hidden="true" className="size-4" />
        All classes
      </Link>
      {children}
    </div>
  );
}
