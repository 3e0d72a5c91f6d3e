import { useState } from 'react';
import { Alert, Anchor, Button, Checkbox, FileInput, Group, List, NativeSelect, Paper, Select, Stack, Text, TextInput, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { data, Link, redirect, type LoaderFunctionArgs } from 'react-router';
import { IMPORT_COLUMNS, IMPORT_MAX_BYTES, type ImportUsersResponse } from '@portal/identity/contracts/user-import.http';
import { LOCALES, type Locale } from '@portal/kernel';
import { useUserData } from '../../../shared/api/user-data';
import { loadNamespaces } from '../../../shared/i18n/i18n';
import { useErrorMessage } from '../../../shared/i18n/use-error-message';
import { canManageUsers, hasPermission } from '../../../shared/session/access';
import { requireSession } from '../../../shared/session/guards';
import { useImportUsers } from '../api/user-import';
import { ImportRowsTable, ImportTotals } from '../components/import-report';
import { labelIn, useManagerLookups } from '../hooks/use-lookups';
import { MANAGER_USERS } from '../model/manager-paths';
import { managerTabs } from '../model/manager-tabs';
import { fileProblem, importable, importTemplate, templateFileName, type TemplateNotes } from '../model/user-import';

/**
 * /manager/users/import (ADR 0055): bulk onboarding of one company's users from a CSV file.
 * The same guard as the user list (manage_companies_users, or manage_all_companies). The file is
 * checked first (the dry run's preview, every row with its errors), then the valid rows are
 * imported and the result shown; the template has every column's header in the screen's language.
 */
export async function loader({ request }: LoaderFunctionArgs): Promise<null> {
  const user = await requireSession(new URL(request.url));
  if (!canManageUsers(user)) {
    const open = managerTabs(user)[0];
    if (open) throw redirect(open.to);
    throw data(null, { status: 403 });
  }
  await loadNamespaces('manager');
  return null;
}

const downloadTemplate = (lang: Locale, notes: TemplateNotes) => {
  const url = URL.createObjectURL(new Blob([importTemplate(lang, notes)], { type: 'text/csv;charset=utf-8' }));
  const a = document.createElement('a');
  a.href = url;
  a.download = templateFileName(lang);
  a.click();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
};

export function Component() {
  const { t } = useTranslation('manager');
  const toMessage = useErrorMessage();
  const { data: me } = useUserData();
  const lookups = useManagerLookups();
  const allCompanies = hasPermission(me, 'manage_all_companies');
  const [companyId, setCompanyId] = useState<string | null>(me.companyId ?? null);
  const [file, setFile] = useState<File | null>(null);
  const [sendInvitations, setSendInvitations] = useState(false);
  const [lang, setLang] = useState<Locale>(lookups.lang);
  const [preview, setPreview] = useState<ImportUsersResponse | null>(null);
  const [result, setResult] = useState<ImportUsersResponse | null>(null);
  const run = useImportUsers();

  const reset = () => {
    setPreview(null);
    setResult(null);
    run.reset();
  };
  const submit = (dryRun: boolean) => {
    if (!file) return;
    run.mutate(
      { file, companyId, dryRun, sendInvitations, lang },
      { onSuccess: (answer) => (answer.dryRun ? setPreview(answer) : setResult(answer)) },
    );
  };
  const problem = run.error ? fileProblem(run.error) : null;
  const report = result ?? preview;
  const ignored = report?.columns.filter((c) => c.field === null).map((c) => c.header) ?? [];
  const tooBig = file !== null && file.size > IMPORT_MAX_BYTES;

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-start">
        <Stack gap={4}>
          <Title order={2} size="h3">
            {t('import.title')}
          </Title>
          <Text c="dimmed" size="sm">
            {t('import.intro')}
          </Text>
        </Stack>
        <Anchor component={Link} to={MANAGER_USERS} size="sm" data-testid="import-back">
          {t('import.back')}
        </Anchor>
      </Group>

      <Paper withBorder radius="md" p="md">
        <Stack gap="sm">
          {allCompanies ? (
            <Select
              label={t('import.company')}
              searchable
              required
              data={lookups.companies}
              value={companyId}
              onChange={(value) => {
                setCompanyId(value);
                reset();
              }}
              nothingFoundMessage={t('form.nothingFound')}
              data-testid="import-company"
            />
          ) : (
            <TextInput label={t('import.company')} readOnly value={labelIn(lookups.companies, companyId)} description={t('import.companyOwn')} data-testid="import-company" />
          )}
          <FileInput
            label={t('import.file')}
            placeholder={t('import.filePlaceholder')}
            description={t('import.fileHint')}
            accept=".csv,text/csv"
            clearable
            value={file}
            onChange={(next) => {
              setFile(next);
              reset();
            }}
            error={tooBig ? t('import.fileErrors.tooLarge') : undefined}
            data-testid="import-file"
          />
          <Group gap="md" align="flex-end">
            <Checkbox label={t('import.sendInvitations')} checked={sendInvitations} onChange={(e) => setSendInvitations(e.currentTarget.checked)} data-testid="import-invite" />
            {sendInvitations && (
              <NativeSelect
                label={t('import.invitationLang')}
                data={LOCALES.map((l) => ({ value: l, label: t(`languages.${l}`) }))}
                value={lang}
                onChange={(e) => setLang(e.currentTarget.value as Locale)}
                data-testid="import-lang"
              />
            )}
          </Group>
          <Group justify="space-between">
            <Button variant="default" onClick={() => downloadTemplate(lookups.lang, { note: t('import.templateNote'), first: t('import.templateFirst'), last: t('import.templateLast') })} data-testid="import-template">
              {t('import.template')}
            </Button>
            <Button onClick={() => submit(true)} disabled={!file || !companyId || tooBig || result !== null} loading={run.isPending && run.variables?.dryRun === true} data-testid="import-check">
              {t('import.check')}
            </Button>
          </Group>
        </Stack>
      </Paper>

      <Paper withBorder radius="md" p="md">
        <Text fw={600} size="sm">
          {t('import.help.title')}
        </Text>
        <List size="sm" c="dimmed" spacing={4} mt={4}>
          {(['columns', 'lists', 'references', 'yesNo', 'idempotent'] as const).map((key) => (
            <List.Item key={key}>{t(`import.help.${key}`)}</List.Item>
          ))}
        </List>
      </Paper>

      {run.isError && (
        <Alert color="red" variant="light" role="alert" data-testid="import-error">
          {problem === null
            ? toMessage(run.error)
            : typeof problem === 'object'
              ? t('import.fileErrors.columnMissing', { columns: problem.missing.map((f) => IMPORT_COLUMNS[f].headers[lookups.lang]).join(', ') })
              : t(`import.fileErrors.${problem}`)}
        </Alert>
      )}

      {report && (
        <Stack gap="sm" data-testid={result ? 'import-result' : 'import-preview'}>
          <Title order={3} size="h4">
            {result ? t('import.resultTitle') : t('import.previewTitle')}
          </Title>
          <ImportTotals report={report} />
          {result && result.totals.invited > 0 && <Text size="sm">{t('import.invited', { count: result.totals.invited })}</Text>}
          {ignored.length > 0 && (
            <Alert color="yellow" variant="light" data-testid="import-ignored">
              {t('import.ignoredColumns', { columns: ignored.join(', ') })}
            </Alert>
          )}
          {!result && importable(report.totals) === 0 && (
            <Alert color="yellow" variant="light" data-testid="import-nothing">
              {t('import.nothingToImport')}
            </Alert>
          )}
          <Group justify="flex-end">
            {result ? (
              <Button
                variant="default"
                onClick={() => {
                  setFile(null);
                  reset();
                }}
                data-testid="import-another"
              >
                {t('import.another')}
              </Button>
            ) : (
              <Button onClick={() => submit(false)} disabled={importable(report.totals) === 0} loading={run.isPending && run.variables?.dryRun === false} data-testid="import-run">
                {t('import.run', { count: importable(report.totals) })}
              </Button>
            )}
          </Group>
          <ImportRowsTable key={result ? 'result' : 'preview'} report={report} />
        </Stack>
      )}
    </Stack>
  );
}
