import { afterAll, beforeAll, expect, it } from 'vitest';
import { startPortal, type Portal } from './harness.js';

// Issue 26 item 5 on the built portal as npm start runs it: the dev mailbox, which shows every
// reset and sign-in link, is on for a loopback PUBLIC_URL (the default) with one warning line at
// start, and off for a portal reachable from outside (ADR 0080).
const WARNING = /^WARNING: the dev mailbox is on: .*\/api\/dev\/mailbox shows every mail/m;

let local: Portal;
let staging: Portal;
beforeAll(async () => {
  [local, staging] = await Promise.all([startPortal(), startPortal({ PUBLIC_URL: 'https://staging.portal.example', NODE_ENV: 'development' })]);
}, 180_000);
afterAll(async () => {
  await Promise.all([local?.stop(), staging?.stop()]);
});

it('a local portal serves the mailbox and says so once at start', async () => {
  expect((await fetch(`${local.url}/api/dev/mailbox/messages`)).status).toBe(200);
  expect(local.output().match(new RegExp(WARNING.source, 'gm'))).toHaveLength(1);
});

it('a portal with an outside PUBLIC_URL answers 404 and prints no warning', async () => {
  for (const path of ['/api/dev/mailbox', '/api/dev/mailbox/messages']) expect((await fetch(`${staging.url}${path}`)).status).toBe(404);
  expect(staging.output()).not.toMatch(WARNING);
});
