import { Spinner } from './Spinner';
import { buttonSecondary } from './styles';

/** The button under a list that grows (DESIGN.md: lists load more pages on demand). */
export function LoadMore({
  loading,
  onClick,
  className = 'mt-6',
}: {
  loading: boolean;
  onClick: () => void;
  className?: string;
}) {
  return (
    <div className={`${className} flex justify-center`}>
      <button type="button" className={buttonSecondary} disabled={loading} onClick={onClick}>
        {loading && <Spinner className="size-4" />}
        {loading ? 'Loading...' : 'Load more'}
      </button>
    </div>
  );
}
