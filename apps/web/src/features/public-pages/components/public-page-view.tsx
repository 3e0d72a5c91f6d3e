import { useMemo } from 'react';
import { Anchor, Box, Breadcrumbs, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useSuspenseQuery } from '@tanstack/react-query';
import DOMPurify from 'dompurify';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { PageLayout } from '../../../shared/ui/page-layout';
import { asLocale } from '../../../shared/ui/shell/localized';
import { pageQueryOptions, pagesQueryOptions } from '../api/pages';
import { pagePath, type PageRequest, type PageSection } from '../model/public-pages';
import { describeHtml, usePageHead } from '../../../shared/ui/page-head';

// On the server (no DOM for DOMPurify) the page is the query handler's answer, sanitized there
// (engagement's get-page); the browser sanitizes whatever it renders itself (ADR 0090).
const sanitize = (html: string): string => (typeof window === 'undefined' ? html : DOMPurify.sanitize(html, { USE_PROFILES: { html: true }, FORBID_TAGS: ['style', 'form', 'input', 'iframe'], FORBID_ATTR: ['style'] }));

/** Links between the Brazil sections. */
const BR_SECTIONS: { section: PageSection; to: string }[] = [
  { section: 'br', to: '/br' },
  { section: 'br-articles', to: '/br/articles' },
  { section: 'br-i2x', to: '/br/content/i2x' },
];

function EmptyState({ testId }: { testId: string }) {
  const { t } = useTranslation('public-pages');
  return (
    <Paper withBorder radius="md" p="xl" data-testid={testId}>
      <Stack gap="sm" align="flex-start">
        <Title order={2} size="h3">
          {t('empty.title')}
        </Title>
        <Text c="gray.7">{t('empty.text')}</Text>
        <Button component={Link} to="/" variant="light">
          {t('empty.back')}
        </Button>
      </Stack>
    </Paper>
  );
}

function SectionLinks({ current }: { current: PageSection }) {
  const { t } = useTranslation('public-pages');
  if (!current.startsWith('br')) return null;
  return (
    <Group gap="md" component="nav" aria-label={t('sectionsLabel')}>
      {BR_SECTIONS.map((s) => (
        <Anchor key={s.section} component={Link} to={s.to} fw={s.section === current ? 700 : 400} aria-current={s.section === current ? 'page' : undefined}>
          {t(`sections.${s.section}`)}
        </Anchor>
      ))}
    </Group>
  );
}

function SectionList({ section }: { section: PageSection }) {
  const { t, i18n } = useTranslation('public-pages');
  const { pathname } = useLocation();
  const { data: pages } = useSuspenseQuery(pagesQueryOptions(section, asLocale(i18n.language)));
  const title = t(`sections.${section}`);
  usePageHead({ title, description: pages.map((page) => page.title).join(' · ').slice(0, 160) || undefined });
  return (
    <PageLayout pageKey={pathname} header={<Text fw={600}>{title}</Text>}>
      <Stack gap="lg">
        <Title order={1} c="brand" data-testid="public-page-title">
          {title}
        </Title>
        <SectionLinks current={section} />
        {pages.length === 0 ? (
          <EmptyState testId="public-list-empty" />
        ) : (
          <Stack gap="sm" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }} data-testid="public-list">
            {pages.map((page) => (
              <Box component="li" key={page.slug}>
                <Paper withBorder radius="md" p="md">
                  <Anchor component={Link} to={pagePath(section, page.slug)} fw={600} data-testid={`public-page-link-${page.slug}`}>
                    {page.title}
                  </Anchor>
                  <Text size="xs" c="gray.7">
                    {t('revised', { date: new Date(page.revisedAt).toLocaleDateString(i18n.language) })}
                  </Text>
                </Paper>
              </Box>
            ))}
          </Stack>
        )}
      </Stack>
    </PageLayout>
  );
}

function SinglePage({ section, slug }: { section: PageSection; slug: string }) {
  const { t, i18n } = useTranslation('public-pages');
  const { pathname } = useLocation();
  const { data: page } = useSuspenseQuery(pageQueryOptions(section, slug, asLocale(i18n.language)));
  const html = useMemo(() => (page ? sanitize(page.html) : ''), [page]);
  const parent = BR_SECTIONS.find((s) => s.section === section);
  usePageHead({ title: page?.title ?? t(`sections.${section}`), description: page ? describeHtml(page.html) || undefined : undefined });
  return (
    <PageLayout pageKey={pathname} header={<Text fw={600}>{page?.title ?? t(`sections.${section}`)}</Text>}>
      <Stack gap="lg">
        {parent && (
          <Breadcrumbs>
            <Anchor component={Link} to={parent.to} size="sm">
              {t(`sections.${section}`)}
            </Anchor>
            <Text size="sm">{page?.title ?? slug}</Text>
          </Breadcrumbs>
        )}
        {page ? (
          <>
            <Title order={1} c="brand" data-testid="public-page-title">
              {page.title}
            </Title>
            <Box className="public-page-content" data-testid="public-page-content" dangerouslySetInnerHTML={{ __html: html }} />
          </>
        ) : (
          <>
            <Title order={1} c="brand" data-testid="public-page-title">
              {t(`sections.${section}`)}
            </Title>
            <EmptyState testId="public-page-empty" />
          </>
        )}
      </Stack>
    </PageLayout>
  );
}

/** A public path's content: a section list or one page (000 §2.1). */
export function PublicPageView({ request }: { request: PageRequest }) {
  return request.kind === 'list' ? <SectionList section={request.section} /> : <SinglePage section={request.section} slug={request.slug} />;
}
