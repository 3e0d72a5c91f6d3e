// Breaks stored-events-parsed: a projection reading an event's data through a cast instead of its contract's parser.
interface Recorded {
  type: string;
  data: unknown;
}

export const actorOf = (event: Recorded): string => (event.data as { actor: string }).actor;
