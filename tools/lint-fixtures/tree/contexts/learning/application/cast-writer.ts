// Breaks stored-events-parsed: a write path folding a stream through a cast (the old StreamWriter default) instead of its decider's `events`.
interface Recorded {
  type: string;
  data: Record<string, unknown>;
}
type StationEvent = { type: 'StationVisited'; data: { actor: string; stationId: string } };

export const castEvent = (r: Recorded): StationEvent => ({ type: r.type, data: r.data }) as StationEvent;
