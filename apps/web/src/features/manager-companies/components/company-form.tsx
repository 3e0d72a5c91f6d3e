import { Alert, Button, Group, SimpleGrid, Stack, Switch, TagsInput, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useTranslation } from 'react-i18next';
import { companyDomainSchema, type Company } from '@portal/identity/contracts/companies.http';
import { isValidBusinessCode } from '@portal/kernel';
import { isApiError } from '../../../shared/api/api-error';
import { useRuleMessage } from '../../../shared/forms/use-rule-message';
import { useErrorMessage } from '../../../shared/i18n/use-error-message';
import { useSaveCompany } from '../api/companies';
import { normaliseDomains, toCreateRequest, toUpdate, valuesOf, type CompanyValues } from '../model/company-form';

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const PHONE = /^\+?[0-9 ()-]{8,20}$/;

/** Create or change a company (manage_all_companies): the 001 §3 fields, its domains and the invitation-only switch. */
export function CompanyForm({ company, onSaved }: { company: Company | null; onSaved: () => void }) {
  const { t } = useTranslation('manager-companies');
  const toMessage = useErrorMessage();
  const ruleMessage = useRuleMessage();
  const save = useSaveCompany();
  const form = useForm<CompanyValues>({
    initialValues: valuesOf(company),
    validate: {
      name: (v) => (v.trim() ? null : t('form.required', { field: t('fields.name') })),
      businessCode: (v) =>
        !v.trim() ? t('form.required', { field: t('fields.businessCode') }) : isValidBusinessCode(v) ? null : ruleMessage({ rule: 'cpf' }, t('fields.businessCode')),
      contactEmail: (v) => (!v.trim() || EMAIL.test(v.trim()) ? null : t('form.email')),
      phone: (v) => (!v.trim() || PHONE.test(v.trim()) ? null : t('form.phone')),
      contactPhone: (v) => (!v.trim() || PHONE.test(v.trim()) ? null : t('form.phone')),
      domains: (v) => {
        const bad = v.filter((d) => !companyDomainSchema.safeParse(d).success);
        return bad.length > 0 ? t('form.domainInvalid', { domains: bad.join(', ') }) : null;
      },
    },
  });

  const submit = form.onSubmit((values) => {
    const request = company ? { kind: 'update' as const, companyId: company.companyId, ...toUpdate(company, values) } : { kind: 'create' as const, body: toCreateRequest(values) };
    save.mutate(request, {
      onSuccess: () => {
        notifications.show({ color: 'teal', message: t('form.saved') });
        onSaved();
      },
      onError: (error) => {
        if (isApiError(error) && error.code === 'company-domain-already-in-use') {
          const taken = (error.details ?? []).map((d) => d.message).join(', ');
          form.setFieldError('domains', t('form.domainTaken', { domains: taken }));
        }
      },
    });
  });

  return (
    <form onSubmit={submit} noValidate aria-busy={save.isPending} data-testid="company-form">
      <Stack gap="sm">
        {save.isError && (
          <Alert color="red" variant="light" role="alert">
            {toMessage(save.error)}
          </Alert>
        )}
        <TextInput label={t('fields.name')} required data-testid="company-name" {...form.getInputProps('name')} />
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput label={t('fields.businessCode')} required data-testid="company-business-code" {...form.getInputProps('businessCode')} />
          <TextInput label={t('fields.phone')} type="tel" {...form.getInputProps('phone')} />
        </SimpleGrid>
        <TextInput label={t('fields.contactName')} {...form.getInputProps('contactName')} />
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput label={t('fields.contactEmail')} type="email" {...form.getInputProps('contactEmail')} />
          <TextInput label={t('fields.contactPhone')} type="tel" {...form.getInputProps('contactPhone')} />
        </SimpleGrid>
        <Stack gap={4}>
          <TagsInput
            label={t('fields.domains')}
            description={t('form.domainsHint')}
            placeholder={t('form.domainsPlaceholder')}
            clearable
            splitChars={[',', ' ', ';']}
            data-testid="company-domains"
            value={form.values.domains}
            onChange={(domains) => form.setFieldValue('domains', normaliseDomains(domains))}
            error={form.errors.domains}
          />
        </Stack>
        <Switch
          label={t('fields.invitationOnly')}
          description={t('form.invitationOnlyHint')}
          data-testid="company-invitation-only"
          {...form.getInputProps('invitationOnly', { type: 'checkbox' })}
        />
        {form.values.invitationOnly && form.values.domains.length === 0 && (
          <Text size="xs" c="orange">
            {t('form.invitationOnlyWithoutDomains')}
          </Text>
        )}
        <Group justify="flex-end">
          <Button type="submit" loading={save.isPending} data-testid="company-save">
            {t('form.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
