import { Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { data, useParams, type LoaderFunctionArgs } from 'react-router';
import { PageShell } from '../../../shared/ui/page-shell';
import { asLocale, pickText } from '../../../shared/ui/shell/localized';
import { queryClient } from '../../../shared/api/query-client';
import { useVerification, verificationQueryOptions } from '../api/certificates';
import { loadAssessmentStrings } from './route-helpers';
import { Notice } from '../components/notice';
import { usePageHead } from '../../../shared/ui/page-head';

/**
 * /certificates/verify/:code (the QR code on the certificate PDF): public, no sign-in. It
 * confirms a real certificate (holder, certificate, crop, date) or denies it.
 */
export async function loader({ params }: LoaderFunctionArgs): Promise<null> {
  const code = params.code ?? '';
  if (code.trim().length === 0 || code.length > 64) throw data(null, { status: 404 });
  // read with the document (ADR 0090): the answer is in the first paint, on the server too; a
  // failed read is the screen's own error state, not the route's
  await Promise.all([loadAssessmentStrings(), queryClient.prefetchQuery(verificationQueryOptions(code))]);
  return null;
}

export function Component() {
  const { t, i18n } = useTranslation('assessment');
  const locale = asLocale(i18n.language);
  const code = useParams().code ?? '';
  const { data: result, isPending, isError } = useVerification(code);
  usePageHead({ title: t('verify.title') });
  return (
    <PageShell size="sm">
      <Stack gap="lg">
        <Title order={1} c="brand">
          {t('verify.title')}
        </Title>
        {isPending && <Loader size="sm" aria-label={t('verify.loading')} />}
        {(isError || result?.valid === false) && (
          <Notice tone="red" role="status" title={t('verify.invalidTitle')} data-testid="certificate-verification" data-valid="false">
            {t('verify.invalid', { code })}
          </Notice>
        )}
        {result?.valid === true && (
          <Paper withBorder radius="md" p="lg" data-testid="certificate-verification" data-valid="true">
            <Stack gap="xs">
              <Notice tone="green" role="status" title={t('verify.validTitle')}>
                {t('verify.valid')}
              </Notice>
              <Text data-testid="verification-holder">
                <Text component="span" fw={600}>
                  {t('verify.holder')}:
                </Text>{' '}
                {result.holderName ?? t('verify.unknownHolder')}
              </Text>
              <Text>
                <Text component="span" fw={600}>
                  {t('verify.certificate')}:
                </Text>{' '}
                {pickText(result.title, locale)}
              </Text>
              {result.cropTitle && (
                <Text>
                  <Text component="span" fw={600}>
                    {t('verify.crop')}:
                  </Text>{' '}
                  {pickText(result.cropTitle, locale)}
                </Text>
              )}
              <Text>
                <Text component="span" fw={600}>
                  {t('verify.issuedAt')}:
                </Text>{' '}
                {new Date(result.issuedAt).toLocaleDateString(locale)}
              </Text>
              <Text size="sm" c="gray.7">
                {t('verify.code', { code: result.certificateId })}
              </Text>
            </Stack>
          </Paper>
        )}
      </Stack>
    </PageShell>
  );
}
