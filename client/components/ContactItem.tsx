import type { ReactNode } from 'react';
import { Icon, type IconName } from './Icon.tsx';
import { paths } from '../paths.ts';

/** One contact channel: an icon and a link (or plain text when there is nowhere to go). */
export function ContactItem({
  icon,
  href,
  children,
}: {
  icon: IconName;
  href?: string;
  children: ReactNode;
}) {
  const external = href?.startsWith('http');
  // Our counting redirect (/ir/whatsapp) is no page for a crawler to follow.
  const counted = href?.startsWith(paths.whatsappOut);
  return (
    <li>
      <Icon name={icon} />
      {href ? (
        <a href={href} rel={external ? 'noopener' : counted ? 'nofollow' : undefined}>
          {children}
        </a>
      ) : (
        <span>{children}</span>
      )}
    </li>
  );
}
