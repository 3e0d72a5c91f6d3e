import { Button, Group, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../../shared/routing/paths';
import { useSignedIn } from '../../../shared/session/use-session';
import { PageShell } from '../../../shared/ui/page-shell';
import { usePageHead } from '../../../shared/ui/page-head';

/** / : the start page, with the ways in. */
export function Component() {
  const { t } = useTranslation('common');
  const signedIn = useSignedIn();
  usePageHead({ title: t('start.title'), description: t('start.subtitle') });

  return (
    <PageShell size="md">
      <Stack gap="lg" py="xl" align="flex-start">
        <Title order={1} c="brand">
          {t('start.title')}
        </Title>
        <Text size="lg" maw={640}>
          {t('start.subtitle')}
        </Text>
        <Group gap="md">
          {signedIn ? (
            <Button component={Link} to={paths.home} size="md" data-testid="start-home">
              {t('start.myContent')}
            </Button>
          ) : (
            <>
              <Button component={Link} to={paths.signIn} size="md" data-testid="start-signin">
                {t('start.signIn')}
              </Button>
              <Button component={Link} to={paths.register} size="md" variant="outline" data-testid="start-register">
                {t('start.register')}
              </Button>
            </>
          )}
        </Group>
      </Stack>
    </PageShell>
  );
}
