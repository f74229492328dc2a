import { isAvatarPath, isHttpUrl } from '@mentora/contract';
import { useState } from 'react';
import { useApiOrigin } from '../platform/PlatformContext';
import { initials } from './initials';

interface AvatarProps {
  name: string;
  picture?: string | null;
  className?: string;
}

/**
 * The person's picture when they gave one, else (or when it fails to load) their initial on an accent
 * circle, drawn here: no outside avatar service sees anyone's name (DESIGN.md). Decorative: whatever
 * contains it names the person. Only an absolute http(s) URL is ever put in the image's src: the
 * profile form previews whatever is being typed, and a `javascript:` or `data:` URL there must never load.
 * An uploaded picture is the server's own path (/api/avatars/…): taken from the API's origin, which on the
 * desktop is another one than the page's.
 */
export function Avatar({ name, picture, className = 'size-9 text-sm' }: AvatarProps) {
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  const apiOrigin = useApiOrigin();
  const given = picture?.trim() ?? '';
  const src = isAvatarPath(given) ? `${apiOrigin}${given}` : given;
  const base = `inline-flex shrink-0 items-center justify-center overflow-hidden rounded-full select-none ${className}`;

  if (src !== '' && failedSrc !== src && (isHttpUrl(src) || isAvatarPath(src))) {
    return (
      <img
        src={src}
        alt=""
        aria-hidden="true"
        className={`${base} object-cover`}
        referrerPolicy="no-referrer"
        onError={() => setFailedSrc(src)}
      />
    );
  }
  return (
    <span aria-hidden="true" data-testid="avatar-initials" className={`${base} bg-indigo-600 font-semibold text-white`}>
      {initials(name)}
    </span>
  );
}
