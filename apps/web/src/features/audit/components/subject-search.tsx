import { useState } from 'react';
import { Button, Group, Loader, NavLink, Paper, Stack, Tabs, Text, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { AUDIT_SUBJECT_KINDS, type AuditSubjectKind } from '@portal/reporting/contracts/audit-shapes';
import { useFindSubjects } from '../api/audit';
import { subjectPath } from '../model/audit-paths';

/** The search: a tab per kind of subject, a box, and the subjects found, each a link to its timeline. */
export function SubjectSearch({ kind, onKind, currentId }: { kind: AuditSubjectKind; onKind: (kind: AuditSubjectKind) => void; currentId: string | null }) {
  const { t, i18n } = useTranslation('audit');
  const [text, setText] = useState('');
  const [asked, setAsked] = useState('');
  const found = useFindSubjects(kind, asked);
  const date = (iso: string | null) => (iso ? new Intl.DateTimeFormat(i18n.language, { dateStyle: 'short', timeStyle: 'short' }).format(new Date(iso)) : null);

  return (
    <Paper withBorder p="md" radius="md">
      <Stack gap="sm">
        <Tabs
          value={kind}
          onChange={(value) => {
            if (value) {
              onKind(value as AuditSubjectKind);
              setAsked('');
            }
          }}
        >
          <Tabs.List grow>
            {AUDIT_SUBJECT_KINDS.map((k) => (
              <Tabs.Tab key={k} value={k} data-testid={`audit-kind-${k}`}>
                {t(`kinds.${k}`)}
              </Tabs.Tab>
            ))}
          </Tabs.List>
        </Tabs>
        <form
          onSubmit={(e) => {
            e.preventDefault();
            setAsked(text.trim());
          }}
        >
          <Group align="flex-end" gap="xs" wrap="nowrap">
            <TextInput
              flex={1}
              label={t('search.label')}
              placeholder={t(`search.placeholder.${kind}`)}
              value={text}
              onChange={(e) => setText(e.currentTarget.value)}
              maxLength={200}
              data-testid="audit-search-input"
            />
            <Button type="submit" data-testid="audit-search-submit">
              {t('search.submit')}
            </Button>
          </Group>
        </form>
        {found.isFetching && <Loader size="sm" />}
        {asked && found.data && found.data.subjects.length === 0 && <Text c="dimmed">{t('search.none')}</Text>}
        <Stack gap={2} data-testid="audit-results">
          {found.data?.subjects.map((s) => (
            <NavLink
              key={`${s.kind}-${s.id}`}
              component={Link}
              to={subjectPath(s.kind, s.id)}
              active={s.id === currentId}
              label={s.label}
              description={[s.detail, date(s.at)].filter(Boolean).join(' · ')}
              data-testid="audit-result"
            />
          ))}
        </Stack>
      </Stack>
    </Paper>
  );
}
