import { useState } from 'react';
import { Grid, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { data, useParams, type LoaderFunctionArgs } from 'react-router';
import type { AuditSubjectKind } from '@portal/reporting/contracts/audit-shapes';
import { queryClient } from '../../../shared/api/query-client';
import { loadNamespaces } from '../../../shared/i18n/i18n';
import { hasRole } from '../../../shared/session/access';
import { requireSession } from '../../../shared/session/guards';
import { PageShell } from '../../../shared/ui/page-shell';
import { timelineQueryOptions, verificationQueryOptions } from '../api/audit';
import { SubjectSearch } from '../components/subject-search';
import { SubjectTimeline } from '../components/subject-timeline';
import { VerificationPanel } from '../components/verification-panel';
import { isSubjectKind } from '../model/audit-paths';

/**
 * /audit and /audit/:kind/:id (ADR 0071): the auditor's area, role auditor only (signed in,
 * else the sign-in with `next`; the error page's 403 for every other role; the API checks the
 * same on every call). An unknown kind in the URL is the not-found page.
 */
export async function loader({ request, params }: LoaderFunctionArgs): Promise<null> {
  const url = new URL(request.url);
  const user = await requireSession(url);
  if (!hasRole(user, 'auditor')) throw data(null, { status: 403 });
  if (params.kind !== undefined && (!isSubjectKind(params.kind) || !params.id)) throw data(null, { status: 404 });
  await Promise.all([
    loadNamespaces('audit'),
    queryClient.prefetchQuery(verificationQueryOptions()),
    isSubjectKind(params.kind) && params.id ? queryClient.prefetchInfiniteQuery(timelineQueryOptions(params.kind, params.id)) : null,
  ]);
  return null;
}

export function Component() {
  const { t } = useTranslation('audit');
  const params = useParams();
  const subject = isSubjectKind(params.kind) && params.id ? { kind: params.kind, id: params.id } : null;
  const [kind, setKind] = useState<AuditSubjectKind>(subject?.kind ?? 'user');

  return (
    <PageShell size="xl">
      <Stack gap="lg">
        <Stack gap={0}>
          <Title order={1} c="brand" data-testid="audit-title">
            {t('title')}
          </Title>
          <Text c="dimmed">{t('intro')}</Text>
        </Stack>
        <Grid gap="lg">
          <Grid.Col span={{ base: 12, lg: 4 }}>
            <Stack gap="lg">
              <SubjectSearch kind={kind} onKind={setKind} currentId={subject?.id ?? null} />
              <VerificationPanel />
            </Stack>
          </Grid.Col>
          <Grid.Col span={{ base: 12, lg: 8 }}>
            {subject ? <SubjectTimeline key={`${subject.kind}-${subject.id}`} kind={subject.kind} id={subject.id} /> : <Text c="dimmed">{t('pick')}</Text>}
          </Grid.Col>
        </Grid>
      </Stack>
    </PageShell>
  );
}
