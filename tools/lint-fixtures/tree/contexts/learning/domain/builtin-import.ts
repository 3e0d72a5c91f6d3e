// Breaks domain-npm-allow-list: a domain importing a Node built-in.
import { readFileSync } from 'node:fs';

export const read = (file: string) => readFileSync(file, 'utf8');
