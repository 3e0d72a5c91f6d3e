import { Alert, type AlertProps } from '@mantine/core';

/**
 * A light alert in a status tone whose title keeps the body text colour: Mantine's light
 * variant writes titles in shade 9 on shade 1, under 4.5:1 for green and yellow (axe).
 */
export function Notice({ tone, ...props }: { tone: 'green' | 'red' | 'yellow' | 'blue' } & Omit<AlertProps, 'color' | 'variant'>) {
  return <Alert variant="light" color={tone} styles={{ title: { color: 'var(--mantine-color-text)' } }} {...props} />;
}
