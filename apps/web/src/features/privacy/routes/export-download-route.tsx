import { Alert, Button, Paper, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams, type LoaderFunctionArgs } from 'react-router';
import { loadNamespaces } from '../../../shared/i18n/i18n';
import { useErrorMessage } from '../../../shared/i18n/use-error-message';
import { requireSession } from '../../../shared/session/guards';
import { PageShell } from '../../../shared/ui/page-shell';
import { downloadExport } from '../api/privacy';

/**
 * /privacy/exports/:requestId: the mailed link. Signed out, the sign-in comes first and returns
 * here; the file is fetched with the subject's own token (the API answers 404 to anyone else,
 * expired-action-code after the link's end).
 */
export async function loader({ request }: LoaderFunctionArgs): Promise<null> {
  await Promise.all([requireSession(new URL(request.url), 'session'), loadNamespaces('privacy')]);
  return null;
}

export function Component() {
  const { t } = useTranslation('privacy');
  const errorMessage = useErrorMessage();
  const { requestId = '' } = useParams();
  const [state, setState] = useState<{ busy: boolean; error: string | null }>({ busy: false, error: null });
  const download = () => {
    setState({ busy: true, error: null });
    downloadExport(requestId).then(
      () => setState({ busy: false, error: null }),
      (error: unknown) => setState({ busy: false, error: errorMessage(error) }),
    );
  };
  return (
    <PageShell size="sm">
      <Paper withBorder radius="md" p="lg">
        <Stack>
          <Title order={1} size="h2" c="brand" data-testid="export-download-title">
            {t('download.title')}
          </Title>
          <Text>{t('download.text')}</Text>
          <Button onClick={download} loading={state.busy} data-testid="export-download">
            {t('download.button')}
          </Button>
          {state.error && (
            <Alert color="red" data-testid="export-download-error">
              {state.error}
            </Alert>
          )}
        </Stack>
      </Paper>
    </PageShell>
  );
}
