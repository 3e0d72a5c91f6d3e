import type { EventStore } from '@portal/eventstore';
import { displayNameOf } from '@portal/kernel';
import { identityEvents, referenceStream, userStream, type IdentityEvent } from '@portal/identity/contracts';
import type { ExpertThemeCatalogue, ThemeItem } from '../../domain/index.js';

/**
 * What ask the expert's write path needs from identity, read from identity's streams through its
 * event contracts (ADR 0072: the write path reads no other context's read model; contexts talk
 * through stored events). Both reads are small: two reference lists, one user stream.
 */
async function readEvents(store: EventStore, streamId: string): Promise<IdentityEvent[]> {
  const out: IdentityEvent[] = [];
  let from = 0n;
  for (;;) {
    const page = await store.readStream(streamId, { fromRevision: from, limit: 1000 });
    for (const e of page) out.push(identityEvents.parse(e));
    if (page.length < 1000) return out;
    from = page[page.length - 1]!.revision + 1n;
  }
}

function foldList(events: IdentityEvent[]): Map<string, ThemeItem> {
  const items = new Map<string, ThemeItem>();
  for (const e of events) {
    if (e.type === 'ReferenceItemSaved') items.set(e.data.itemId, { labels: e.data.labels, parentId: e.data.parentId, retired: false });
    else if (e.type === 'ReferenceItemRetired') {
      const item = items.get(e.data.itemId);
      if (item) items.set(e.data.itemId, { ...item, retired: true });
    }
  }
  return items;
}

/** identity's expertThemes and expertSubThemes lists as they stand in the log now (ADR 0051). */
export async function readExpertThemeCatalogue(store: EventStore): Promise<ExpertThemeCatalogue> {
  const [themes, subThemes] = await Promise.all([readEvents(store, referenceStream('expertThemes')), readEvents(store, referenceStream('expertSubThemes'))]);
  return { themes: foldList(themes), subThemes: foldList(subThemes) };
}

export interface IdentityUser {
  /** an account exists (registered, not deleted) */
  registered: boolean;
  email: string | null;
  /** the display name (000 §3): the profile's name, else the e-mail's local part */
  displayName: string;
}

/** A user's account, e-mail and display name from identity's user stream. */
export async function readIdentityUser(store: EventStore, userId: string): Promise<IdentityUser> {
  let registered = false;
  let email: string | null = null;
  let name: string | null = null;
  for (const e of await readEvents(store, userStream(userId))) {
    switch (e.type) {
      case 'UserPreRegistered':
        email = e.data.email;
        if (e.data.details.name !== undefined) name = e.data.details.name;
        break;
      case 'UserRegistered':
        registered = true;
        email = e.data.email;
        break;
      case 'EmailChanged':
      case 'EmailRecovered':
        email = e.data.email;
        break;
      case 'ProfileUpdated':
        if (e.data.name !== undefined) name = e.data.name;
        break;
      case 'UserDetailsChanged':
        if (e.data.details.name !== undefined) name = e.data.details.name;
        break;
      case 'UserDeleted':
      case 'RegistrationAbandoned':
        registered = false;
        break;
      default:
        break;
    }
  }
  return { registered, email, displayName: displayNameOf(name, email ?? userId) };
}
