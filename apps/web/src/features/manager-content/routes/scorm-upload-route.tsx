import { useState } from 'react';
import { Alert, Badge, Button, FileInput, Group, List, Paper, Progress, Select, Stack, Table, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { data, type LoaderFunctionArgs } from 'react-router';
import { isLocale, type Locale } from '@portal/kernel';
import type { ScormPackagePreview, ScormPublished } from '@portal/learning/contracts/scorm-upload';
import { loadNamespaces } from '../../../shared/i18n/i18n';
import { useErrorMessage } from '../../../shared/i18n/use-error-message';
import { hasPermission } from '../../../shared/session/access';
import { requireSession } from '../../../shared/session/guards';
import { usePublishScormPackage, useUploadScormZip } from '../api/scorm-upload';
import { readableParameters } from '../model/scorm-preview';
import { sizeOf, uploadRefusalOf } from '../model/upload-refusal';

/**
 * /manager/users/scorm-upload (issue 27, ADR 0084 "Upload"): a SCORM zip is uploaded (with its
 * progress), judged and read by the server; the course (title, version, SCOs) is shown, then
 * published into a station. Holders of manage_all_companies only (the error page's 403 otherwise).
 */
export async function loader({ request }: LoaderFunctionArgs): Promise<null> {
  const user = await requireSession(new URL(request.url));
  if (!hasPermission(user, 'manage_all_companies')) throw data(null, { status: 403 });
  await loadNamespaces('manager-content');
  return null;
}

export function Component() {
  const { t, i18n } = useTranslation('manager-content');
  const toMessage = useErrorMessage();
  const lang: Locale = isLocale(i18n.language) ? i18n.language : 'pt-BR';
  const [file, setFile] = useState<File | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [preview, setPreview] = useState<ScormPackagePreview | null>(null);
  const [stationId, setStationId] = useState<string | null>(null);
  const [published, setPublished] = useState<ScormPublished | null>(null);
  const upload = useUploadScormZip();
  const publish = usePublishScormPackage();
  const refusal = uploadRefusalOf(upload.error);

  const start = () => {
    if (!file) return;
    setPreview(null);
    setPublished(null);
    publish.reset();
    setProgress(0);
    upload.mutate(
      { file, onProgress: setProgress },
      {
        onSuccess: (answer) => {
          setPreview(answer);
          setStationId(answer.stations.find((s) => s.hasCourse)?.stationId ?? null);
        },
        onSettled: () => setProgress(null),
      },
    );
  };

  const confirm = () => {
    if (!preview || !stationId) return;
    publish.mutate({ packageId: preview.packageId, stationId }, { onSuccess: setPublished });
  };

  return (
    <Stack gap="lg" data-testid="scorm-upload">
      <Title order={2}>{t('title')}</Title>
      <Text c="dimmed">{t('intro')}</Text>
      <Paper withBorder p="md" radius="md">
        <Stack gap="sm">
          <FileInput
            label={t('file')}
            placeholder={t('filePlaceholder')}
            description={t('fileHint')}
            accept=".zip,application/zip"
            clearable
            value={file}
            onChange={(next) => {
              setFile(next);
              setPreview(null);
              setPublished(null);
              upload.reset();
            }}
            data-testid="scorm-upload-file"
          />
          <Group>
            <Button onClick={start} disabled={!file} loading={upload.isPending} data-testid="scorm-upload-send">
              {t('send')}
            </Button>
          </Group>
          {progress !== null && (
            <Stack gap={4}>
              <Text size="sm">{progress < 1 ? t('uploading', { percent: Math.round(progress * 100) }) : t('checking')}</Text>
              <Progress value={Math.round(progress * 100)} animated aria-label={t('progress')} data-testid="scorm-upload-progress" />
            </Stack>
          )}
        </Stack>
      </Paper>

      {upload.isError && (
        <Alert color="red" title={refusal ? t(`refusals.${refusal.code}`) : t('failed')} data-testid="scorm-upload-error" data-code={refusal?.code ?? ''}>
          {refusal?.where && <Text size="sm">{t('where', { file: refusal.where.file, line: refusal.where.line })}</Text>}
          {refusal ? (
            <List size="sm" spacing={2}>
              {refusal.lines.map((line) => (
                <List.Item key={line}>
                  <Text size="sm" ff="monospace">
                    {line}
                  </Text>
                </List.Item>
              ))}
            </List>
          ) : (
            <Text size="sm">{toMessage(upload.error)}</Text>
          )}
        </Alert>
      )}

      {preview && (
        <Paper withBorder p="md" radius="md" data-testid="scorm-preview">
          <Stack gap="sm">
            <Group justify="space-between" wrap="wrap">
              <Title order={3} data-testid="scorm-preview-title">
                {preview.title}
              </Title>
              <Badge data-testid="scorm-preview-version">{t(`editions.${preview.edition}`)}</Badge>
            </Group>
            <Text size="sm" c="dimmed">
              {t('summary', { count: preview.scos.length, files: preview.files, size: sizeOf(preview.bytes), identifier: preview.identifier })}
            </Text>
            <Table data-testid="scorm-preview-scos">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('sco')}</Table.Th>
                  <Table.Th>{t('launch')}</Table.Th>
                  <Table.Th>{t('parameters')}</Table.Th>
                  <Table.Th>{t('kind')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {preview.scos.map((sco) => (
                  <Table.Tr key={sco.id} data-sco={sco.id}>
                    <Table.Td>{sco.title}</Table.Td>
                    <Table.Td>
                      {/* the file as the zip names it, not the percent-encoded launch address (issue 27) */}
                      <Text size="sm" ff="monospace" data-testid="scorm-preview-file">
                        {sco.file}
                      </Text>
                    </Table.Td>
                    <Table.Td>
                      <Text size="sm" ff="monospace" data-testid="scorm-preview-parameters">
                        {readableParameters(sco.parameters)}
                      </Text>
                    </Table.Td>
                    <Table.Td>
                      <Badge variant="light" color={sco.scormType === 'asset' ? 'gray' : 'brand'} data-testid="scorm-preview-kind" data-kind={sco.scormType}>
                        {t(`kinds.${sco.scormType}`)}
                      </Badge>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
            <Select
              label={t('station')}
              description={t('stationHint')}
              placeholder={t('stationPlaceholder')}
              searchable
              data={preview.stations.map((s) => ({ value: s.stationId, label: `${s.title[lang]} · ${s.stationId}${s.hasCourse ? ` (${t('hasCourse')})` : ''}` }))}
              value={stationId}
              onChange={(value) => {
                setStationId(value);
                setPublished(null);
              }}
              nothingFoundMessage={t('noStation')}
              data-testid="scorm-publish-station"
            />
            <Group>
              <Button onClick={confirm} disabled={!stationId || published !== null} loading={publish.isPending} data-testid="scorm-publish">
                {t('publish')}
              </Button>
            </Group>
            {publish.isError && (
              <Alert color="red" data-testid="scorm-publish-error">
                {toMessage(publish.error)}
              </Alert>
            )}
            {published && (
              <Alert color="teal" data-testid="scorm-published">
                {t(published.revised ? 'published' : 'unchanged', { station: preview.stations.find((s) => s.stationId === published.stationId)?.title[lang] ?? published.stationId, revision: published.revision })}
              </Alert>
            )}
          </Stack>
        </Paper>
      )}
    </Stack>
  );
}
