import type { ArtistPage, SubscriptionState } from '@platter/shared';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import type { EventBus } from '../events/event-bus.js';
import type { Actor } from '../lib/actor.js';
import { BadRequestError } from '../lib/errors.js';
import { nowIso } from '../lib/ids.js';
import type { FollowRepository } from '../repositories/follow.repository.js';
import type { NotificationSink } from './notification.service.js';
import type { ProfileService } from './profile.service.js';

export interface ArtistServiceDeps {
  db: Kysely<Database>;
  follows: FollowRepository;
  profiles: ProfileService;
  events: EventBus;
  /** Tells the artist of a new subscriber (and takes it back on unsubscribe). */
  notifications?: NotificationSink;
}

/** Artist pages and subscriptions (SPEC section 4: subscribing twice is a no-op). */
export class ArtistService {
  constructor(private readonly deps: ArtistServiceDeps) {}

  async page(artistId: string, viewer: Actor | undefined): Promise<ArtistPage> {
    const profile = await this.deps.profiles.get(artistId);
    const isSelf = viewer?.id === artistId;
    const subscribed = viewer && !isSelf ? await this.deps.follows.isSubscribed(viewer.id, artistId) : false;
    return { ...profile, subscribed, isSelf };
  }

  async subscribe(actor: Actor, artistId: string): Promise<SubscriptionState> {
    return this.set(actor, artistId, true);
  }

  async unsubscribe(actor: Actor, artistId: string): Promise<SubscriptionState> {
    return this.set(actor, artistId, false);
  }

  async subscriptionIds(actor: Actor): Promise<{ ids: string[] }> {
    return { ids: await this.deps.follows.artistIds(actor.id) };
  }

  private async set(actor: Actor, artistId: string, subscribed: boolean): Promise<SubscriptionState> {
    if (actor.id === artistId) throw new BadRequestError('You cannot subscribe to yourself.', 'self_subscription');
    await this.deps.profiles.get(artistId);
    await this.deps.profiles.requireForUser(actor.id);
    const changed = await this.deps.db.transaction().execute((trx) =>
      subscribed ? this.deps.follows.subscribe(trx, actor.id, artistId, nowIso()) : this.deps.follows.unsubscribe(trx, actor.id, artistId),
    );
    const [artist, subscriber] = await Promise.all([this.deps.profiles.get(artistId), this.deps.profiles.get(actor.id)]);
    if (changed) {
      for (const p of [artist, subscriber]) {
        this.deps.events.emit('profile.stats', { profileId: p.id, subscribers: p.subscribers, subscriptions: p.subscriptions, tracks: p.tracks });
      }
      this.deps.events.emit('subscriptions.changed', { userId: actor.id });
      if (subscribed) await this.deps.notifications?.notify(artistId, actor.id, 'follow');
      else await this.deps.notifications?.retract(artistId, actor.id, 'follow');
    }
    return { artistId, subscribed, subscribers: artist.subscribers };
  }
}
