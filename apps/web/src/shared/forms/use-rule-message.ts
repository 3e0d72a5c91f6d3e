import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import type { FieldRule } from './field-rules';

/**
 * The grammatical gender of a field's label in the current language (a `fieldGenders` key next to
 * the labels): "is required" agrees with it through i18next's context (required_female).
 */
export type FieldGender = string;

/** common.validation.{rule} with the field's label substituted (000 §5, 001 §5). */
export const useRuleMessage = (): ((rule: FieldRule | undefined, field: string, gender?: FieldGender) => string | null) => {
  const { t } = useTranslation('common');
  return useCallback(
    (rule: FieldRule | undefined, field: string, gender?: FieldGender) => {
      if (!rule) return null;
      switch (rule.rule) {
        case 'required':
          return t('validation.required', { field, ...(gender ? { context: gender } : {}) });
        case 'email':
          return t('validation.email', { field });
        case 'passwordPolicy':
          return t('validation.passwordPolicy', { field });
        case 'termAccepted':
          return t('validation.termAccepted');
        case 'protocolsAccepted':
          return t('validation.protocolsAccepted');
        case 'maxLength':
          return t('validation.maxLength', { field, length: rule.length });
        case 'confirmation':
          return t('validation.confirmation', { field });
        case 'phoneNumberInvalid':
          return t('validation.phoneNumberInvalid', { field });
        case 'numeric':
          return t('validation.numeric', { field });
        case 'digits':
          return t('validation.digits', { field, length: rule.length });
        case 'image':
          return t('validation.image', { field });
        case 'fileSize':
          return t('validation.fileSize', { field, size: rule.size });
        case 'atLeast':
          return t('validation.atLeast', { field, length: rule.length });
        case 'between':
          return t('validation.between', { field, min: rule.min, max: rule.max });
        case 'integer':
          return t('validation.integer', { field });
        case 'lettersOnly':
          return t('validation.lettersOnly', { field });
        case 'cpf':
          return t('validation.cpf', { field });
        case 'notEmpty':
          return t('validation.notEmpty', { field });
        case 'uuidNotEmpty':
          return t('validation.uuidNotEmpty', { field });
        default: {
          const unreachable: never = rule;
          return unreachable;
        }
      }
    },
    [t],
  );
};
