import { useEffect, useMemo, useState } from 'react';
import { Drawer, mergeThemeOverrides, Modal, PasswordInput, type MantineThemeOverride } from '@mantine/core';
import { activeI18n, i18n } from '../shared/i18n/i18n';

/** The labels Mantine's own buttons get, in the current language (once their strings are there). */
const labels = (): { close?: string; togglePassword?: string } => {
  const i18n = activeI18n();
  return {
    close: i18n.isInitialized && i18n.exists('shell:actions.close') ? i18n.t('shell:actions.close') : undefined,
    togglePassword: i18n.isInitialized && i18n.exists('common:app.togglePassword') ? i18n.t('common:app.togglePassword') : undefined,
  };
};

/**
 * WCAG 4.1.2 (axe button-name): Mantine's modal and drawer close buttons are icons without a
 * name; every one gets "Close" in the reader's language unless the screen names it itself. The
 * password field's eye is named in Mantine in English ("Toggle password visibility"); it gets the
 * reader's language too (issue 26).
 */
export const useLocalizedTheme = (theme: MantineThemeOverride): MantineThemeOverride => {
  const [label, setLabel] = useState(labels);
  useEffect(() => {
    const update = () => setLabel((before) => {
      const next = labels();
      return next.close === before.close && next.togglePassword === before.togglePassword ? before : next;
    });
    i18n.on('languageChanged', update);
    i18n.on('loaded', update);
    update();
    return () => {
      i18n.off('languageChanged', update);
      i18n.off('loaded', update);
    };
  }, []);
  const { close, togglePassword } = label;
  return useMemo(() => {
    const closeButtonProps = close ? { 'aria-label': close } : undefined;
    return mergeThemeOverrides(theme, {
      components: {
        ...(closeButtonProps ? { Modal: Modal.extend({ defaultProps: { closeButtonProps } }), Drawer: Drawer.extend({ defaultProps: { closeButtonProps } }) } : {}),
        ...(togglePassword ? { PasswordInput: PasswordInput.extend({ defaultProps: { visibilityToggleButtonProps: { 'aria-label': togglePassword } } }) } : {}),
      },
    });
  }, [theme, close, togglePassword]);
};
