import type { ReactNode } from 'react';
import { Anchor, type AnchorProps } from '@mantine/core';
import { Link } from 'react-router';
import { isExternalLink } from '../model/country-links';

/** A configured link: the portal's own page opens in the app, another site in a new tab. */
export function LegalAnchor({ href, children, testId, ...props }: AnchorProps & { href: string; children: ReactNode; testId?: string }) {
  return isExternalLink(href) ? (
    <Anchor {...props} href={href} target="_blank" rel="noopener noreferrer" data-testid={testId}>
      {children}
    </Anchor>
  ) : (
    <Anchor {...props} component={Link} to={href} data-testid={testId}>
      {children}
    </Anchor>
  );
}
