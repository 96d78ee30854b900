import type { ReactNode } from 'react';
import { Icon, type IconName } from './Icon.tsx';

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
  return (
    <li>
      <Icon name={icon} />
      {href ? (
        <a href={href} rel={external ? 'noopener' : undefined}>
          {children}
        </a>
      ) : (
        <span>{children}</span>
      )}
    </li>
  );
}
