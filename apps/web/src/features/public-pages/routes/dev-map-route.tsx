import { Button, Paper, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { data } from 'react-router';
import { loadAppConfig } from '../../../shared/config/app-config';
import { currentLocale, loadNamespaces } from '../../../shared/i18n/i18n';
import { loadSignedInUser } from '../../../shared/session/guards';
import { ExternalIcon } from '../../../shared/ui/icons';
import { PageLayout } from '../../../shared/ui/page-layout';
import { canSeeDevMap, REGENERATIVE_MAP_URL } from '../model/public-pages';

/** /dev/map (000 §2.1): Argentina and the Spanish locale only, and never in production; else not found. */
export async function loader(): Promise<null> {
  const [config, user] = await Promise.all([loadAppConfig(), loadSignedInUser(), loadNamespaces('public-pages')]);
  if (!canSeeDevMap({ production: config.production, locale: currentLocale(), country: user?.country })) throw data(null, { status: 404 });
  return null;
}

export function Component() {
  const { t } = useTranslation('public-pages');
  return (
    <PageLayout pageKey="/dev/map" header={<Text fw={600}>{t('devMap.title')}</Text>}>
      <Paper withBorder radius="md" p="xl" data-testid="dev-map">
        <Stack gap="md" align="flex-start">
          <Title order={1} c="brand">
            {t('devMap.title')}
          </Title>
          <Text>{t('devMap.text')}</Text>
          <Button component="a" href={REGENERATIVE_MAP_URL} target="_blank" rel="noopener noreferrer" rightSection={<ExternalIcon size={14} />}>
            {t('devMap.open')}
          </Button>
        </Stack>
      </Paper>
    </PageLayout>
  );
}
