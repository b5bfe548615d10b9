import type { Config } from '../config.js';
import { InProcessSharedState } from './in-process.shared-state.js';
import { RedisSharedState } from './redis.shared-state.js';
import type { SharedState, SharedStateOptions } from './shared-state.js';

/** The one place shared state is chosen: Redis when REDIS_URL is set, else in-process. */
export async function createSharedState(config: Config, options: SharedStateOptions = {}): Promise<SharedState> {
  if (!config.redisUrl) return new InProcessSharedState();
  return RedisSharedState.connect(config.redisUrl, options);
}
