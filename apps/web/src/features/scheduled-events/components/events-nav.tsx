import { Group, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { useUserData } from '../../../shared/api/user-data';
import { RouteTabs } from '../../../shared/ui/route-tabs';
import { isEventsStaff } from '../model/access';
import { eventPaths } from '../model/paths';

type Tab = 'events' | 'quizzes' | 'myEvents';

/** The area's title and tabs: staff see the list and the quizzes; everyone their own events. */
export function EventsNav({ title }: { title?: string }) {
  const { t } = useTranslation('scheduledEvents');
  const { data: user } = useUserData();
  const { pathname } = useLocation();
  const staff = isEventsStaff(user);
  const tabs: { value: Tab; to: string; label: string }[] = [
    ...(staff ? [{ value: 'events' as const, to: eventPaths.list, label: t('nav.events') }] : []),
    ...(staff ? [{ value: 'quizzes' as const, to: eventPaths.quizzes, label: t('nav.quizzes') }] : []),
    { value: 'myEvents', to: eventPaths.myEvents, label: t('nav.myEvents') },
  ];
  const current: Tab = pathname.startsWith(eventPaths.quizzes) ? 'quizzes' : pathname.startsWith(eventPaths.myEvents) ? 'myEvents' : 'events';
  return (
    <Group justify="space-between" align="flex-end" mb="md" gap="sm">
      <Title order={1} c="brand" size="h2" data-testid="events-title">
        {title ?? t('title')}
      </Title>
      {tabs.length > 1 && <RouteTabs tabs={tabs} current={current} testIdPrefix="events-tab-" />}
    </Group>
  );
}
