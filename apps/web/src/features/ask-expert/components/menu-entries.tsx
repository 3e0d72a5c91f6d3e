import { Badge, NavLink } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { useAuthClaims } from '../../../shared/session/use-session';
import { ChatIcon, HelpIcon, UsersIcon } from '../../../shared/ui/icons';
import { badgeLabel } from '../../../shared/ui/shell/badge';
import { useExpertMe } from '../api/ask-expert';
import { canAsk, canAssignExperts, isExpert } from '../model/access';
import { ASK_EXPERT_PATHS } from '../model/ask-expert';

const count = (n: number) => {
  const label = badgeLabel(n);
  return label ? (
    <Badge size="sm" color="red" variant="filled" circle={n < 10}>
      {label}
    </Badge>
  ) : null;
};

/**
 * The side menu's ask-the-expert entries (000 §4.1, ADR 0072), through the shell's slot: "Ask the
 * expert" for the learner area (with the count of answers not seen yet), "Expert questions" for
 * experts (with the open questions waiting), "Experts" for reference-data administrators.
 */
export function AskExpertMenuEntries({ onNavigate }: { onNavigate: () => void }) {
  const { t } = useTranslation('ask-expert');
  const { pathname } = useLocation();
  const claims = useAuthClaims();
  const me = useExpertMe();
  if (!claims) return null;
  const entry = (id: string, to: string, label: string, icon: React.ReactNode, badge: React.ReactNode = null) => (
    <NavLink
      key={id}
      component={Link}
      to={to}
      label={label}
      active={pathname === to}
      leftSection={icon}
      rightSection={badge}
      onClick={onNavigate}
      data-testid={`menu-${id}`}
      data-trace-category="side-menu"
      data-trace-label={id}
    />
  );
  return (
    <>
      {canAsk(claims) && entry('ask-expert', ASK_EXPERT_PATHS.ask, t('menu.ask'), <HelpIcon />, count(me.data?.unseenAnswers ?? 0))}
      {isExpert(me.data) && entry('expert-queue', ASK_EXPERT_PATHS.queue, t('menu.queue'), <ChatIcon />, count(me.data?.openInQueue ?? 0))}
      {canAssignExperts(claims) && entry('experts', ASK_EXPERT_PATHS.experts, t('menu.experts'), <UsersIcon />)}
    </>
  );
}
