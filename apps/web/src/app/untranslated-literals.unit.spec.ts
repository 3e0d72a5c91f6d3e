import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { parseSync } from '@swc/core';
import { describe, expect, it } from 'vitest';

/**
 * i18n (style.md: "no string literal in JSX that a user reads"): a static scan of every .tsx
 * file of the SPA for JSX text with letters, string literals with letters placed as JSX
 * children, and user-visible attributes (aria-label, title, placeholder, alt, label...) given a
 * literal with letters. Every such text must come from t(). Missing keys across locales are
 * checked by locales.unit.spec.ts; keys used in code are checked by the typed t() (tsc).
 */
const srcDir = join(import.meta.dirname, '..');

/** Texts that are not language (symbols are skipped anyway: they have no letters). */
const ALLOWED = new Set<string>([]);

const VISIBLE_ATTRIBUTES = new Set(['aria-label', 'aria-description', 'aria-placeholder', 'aria-valuetext', 'title', 'placeholder', 'alt', 'label', 'description', 'error', 'content']);
const LETTER = /\p{L}/u;

const tsxFiles = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : tsxFiles(path);
    return entry.name.endsWith('.tsx') && !entry.name.includes('.spec.') ? [path] : [];
  });

type Node = { type?: string; [key: string]: unknown };

const isNode = (value: unknown): value is Node => value !== null && typeof value === 'object';

const attributeName = (attr: Node): string | null => {
  const name = attr['name'] as Node | undefined;
  if (!name) return null;
  if (name.type === 'Identifier') return String(name['value']);
  if (name.type === 'JSXNamespacedName') return `${String((name['namespace'] as Node)['value'])}:${String((name['name'] as Node)['value'])}`;
  return null;
};

const literalText = (node: Node | undefined): string | null => {
  if (!node) return null;
  if (node.type === 'StringLiteral') return String(node['value']);
  if (node.type === 'TemplateLiteral') return (node['quasis'] as Node[]).map((q) => String(q['cooked'] ?? q['raw'] ?? '')).join(' ');
  if (node.type === 'JSXExpressionContainer') return literalText(node['expression'] as Node);
  return null;
};

const offending = (text: string | null): string | null => {
  if (text === null) return null;
  const trimmed = text.replace(/\s+/g, ' ').trim();
  if (!LETTER.test(trimmed) || ALLOWED.has(trimmed)) return null;
  return trimmed;
};

export const findUntranslated = (code: string): string[] => {
  const ast = parseSync(code, { syntax: 'typescript', tsx: true, comments: false });
  const found: string[] = [];
  const visit = (node: unknown): void => {
    if (Array.isArray(node)) {
      for (const child of node) visit(child);
      return;
    }
    if (!isNode(node)) return;
    if (node.type === 'JSXText') {
      const text = offending(String(node['value']));
      if (text) found.push(`text "${text}"`);
    }
    if (node.type === 'JSXElement' || node.type === 'JSXFragment') {
      for (const child of (node['children'] as Node[]) ?? []) {
        if (child.type === 'JSXExpressionContainer') {
          const text = offending(literalText(child));
          if (text) found.push(`child {"${text}"}`);
        }
      }
    }
    if (node.type === 'JSXAttribute') {
      const name = attributeName(node);
      if (name && VISIBLE_ATTRIBUTES.has(name)) {
        const text = offending(literalText(node['value'] as Node | undefined));
        if (text) found.push(`${name}="${text}"`);
      }
    }
    for (const [key, value] of Object.entries(node)) {
      if (key !== 'span' && typeof value === 'object') visit(value);
    }
  };
  visit(ast);
  return found;
};

describe('no untranslated text in JSX', () => {
  it('catches text, literal children and visible attributes', () => {
    expect(findUntranslated('const a = <p title="Hello">Some text {"more"} {t("ok")} · 99+ <img alt="" /></p>;').sort()).toEqual(['child {"more"}', 'text "Some text"', 'title="Hello"']);
    expect(findUntranslated('const a = <Button aria-label={t("x")} data-testid="not-visible">{`${n}/600`}</Button>;')).toEqual([]);
  });

  const files = tsxFiles(srcDir);
  it('scans the SPA', () => {
    expect(files.length).toBeGreaterThan(20);
  });

  for (const file of files) {
    it(relative(srcDir, file), () => {
      expect(findUntranslated(readFileSync(file, 'utf8'))).toEqual([]);
    });
  }
});
