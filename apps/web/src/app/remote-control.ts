import type { RemoteLiveEvent, RemoteMessage, RemoteState } from '@platter/shared';
import { useEffect } from 'react';
import { create } from 'zustand';
import { currentEntry, playerActions } from '../features/player/player-reducer';
import { usePlayerStore } from '../features/player/player-store';
import { apiRequest } from '../lib/api-client';
import { onLiveEvent } from '../lib/live-updates';
import { type QueueOffer, continueFrom, deviceName, handOver, hasUnsavedChange, offerOf } from './play-queue-sync';

/*
 * Remote control (one of my players steering another), wired here because it joins the player (features/player) with the
 * live event stream. Each signed-in player says what it plays (on every change and every few
 * seconds) and answers another's "hello"; each keeps the others it heard from lately; a command
 * addressed to it is played on its own player. The server only passes the messages on, to this
 * listener's own streams.
 *
 * "Continue on this device" is a handover: the player continuing says `takeover`; the one that
 * plays pauses, saves its queue where it stopped and answers `handover` with that position; the
 * continuing one then reads the queue and starts there. Nothing plays twice.
 */

const HEARTBEAT_MS = 5_000;
/** A player not heard from for this long is gone (closed, asleep, offline). */
const GONE_AFTER_MS = 16_000;
const DEVICE_KEY = 'platter-device-id';
/** How long a takeover waits for the playing player's answer before going on without it. */
const HANDOVER_WAIT_MS = 3_000;

export interface RemoteDevice {
  id: string;
  name: string;
  state: RemoteState;
  /** When this browser heard it (its own clock, so positions extrapolate without trusting the other's). */
  heardAt: number;
}

export const useRemoteDevices = create<{ devices: Record<string, RemoteDevice>; put: (d: RemoteDevice) => void; prune: (now: number) => void }>()((set) => ({
  devices: {},
  put: (device) => set((s) => ({ devices: { ...s.devices, [device.id]: device } })),
  prune: (now) =>
    set((s) => {
      const kept = Object.fromEntries(Object.entries(s.devices).filter(([, d]) => now - d.heardAt < GONE_AFTER_MS));
      return Object.keys(kept).length === Object.keys(s.devices).length ? s : { devices: kept };
    }),
}));

let cachedId: string | null = null;
/** This player's id: kept per browser tab session, so two tabs are two players. */
export function thisDeviceId(): string {
  if (cachedId) return cachedId;
  try {
    cachedId = sessionStorage.getItem(DEVICE_KEY);
  } catch {
    cachedId = null;
  }
  if (!cachedId) {
    cachedId = `d-${Math.random().toString(36).slice(2)}${Date.now().toString(36)}`;
    try {
      sessionStorage.setItem(DEVICE_KEY, cachedId);
    } catch {
      // Without storage the id lives as long as the page.
    }
  }
  return cachedId;
}

/** Where a remote player is now: its last position, plus the time since, while it plays. */
export function remotePosition(device: RemoteDevice, now: number): number {
  const { positionSec, durationSec, playing } = device.state;
  const at = playing ? positionSec + (now - device.heardAt) / 1000 : positionSec;
  return durationSec ? Math.min(at, durationSec) : at;
}

function post(message: RemoteMessage): Promise<unknown> {
  return apiRequest('/api/me/remote', { method: 'POST', json: message, schema: 'unreadAnswerSchema' });
}

function ownState(): RemoteState {
  const player = usePlayerStore.getState();
  const track = currentEntry(player)?.track ?? null;
  return {
    trackId: track?.id ?? null,
    title: track?.title ?? null,
    artist: track?.artist ?? null,
    positionSec: Math.max(0, Math.min(86_400, player.position)),
    durationSec: player.duration ?? track?.duration ?? null,
    playing: player.playing,
    volume: player.volume,
    blocked: player.blocked,
  };
}

function announce(): void {
  post({ kind: 'state', deviceId: thisDeviceId(), name: deviceName(), state: ownState() }).catch((error: unknown) => console.warn('remote state not sent', error));
}

/** Sends a command to another of my players. */
export function sendRemoteCommand(targetDeviceId: string, command: 'play' | 'pause' | 'next' | 'previous' | 'seek' | 'volume', value?: number): Promise<unknown> {
  return post({ kind: 'command', deviceId: thisDeviceId(), targetDeviceId, command, ...(value === undefined ? {} : { value }) });
}

/** Plays a command addressed to this player. */
export function applyRemoteCommand(event: Extract<RemoteLiveEvent, { type: 'remote.command' }>): void {
  const { dispatch } = usePlayerStore.getState();
  switch (event.command) {
    case 'play':
      return dispatch(playerActions.play());
    case 'pause':
      return dispatch(playerActions.pause());
    case 'next':
      return dispatch(playerActions.next());
    case 'previous':
      return dispatch(playerActions.previous());
    case 'seek':
      if (event.value !== undefined) dispatch(playerActions.seek(event.value));
      return;
    case 'volume':
      if (event.value !== undefined) dispatch(playerActions.setVolume(Math.min(1, Math.max(0, event.value))));
  }
}

/**
 * The offer as it stands now: when one of my players plays a track of the offered queue (the one
 * that saved it, usually), its track and live position rather than the last save's.
 */
export function liveOffer(offer: QueueOffer, devices: readonly RemoteDevice[], now: number): QueueOffer {
  const playing = devices
    .filter((device) => device.state.playing && device.state.trackId !== null && offer.tracks.some((track) => track.id === device.state.trackId))
    .sort((a, b) => Number(b.name === offer.device) - Number(a.name === offer.device) || b.heardAt - a.heardAt);
  const device = playing[0];
  if (!device) return offer;
  return { ...offer, index: offer.tracks.findIndex((track) => track.id === device.state.trackId), positionSec: remotePosition(device, now) };
}

/** Where to start: where the player that handed over stopped, else where a player plays it now, else the saved position. */
export function startingPoint(offer: QueueOffer, handed: RemoteState | null, devices: readonly RemoteDevice[], now: number): QueueOffer {
  const index = handed?.trackId ? offer.tracks.findIndex((track) => track.id === handed.trackId) : -1;
  if (handed && index >= 0) return { ...offer, index, positionSec: handed.positionSec };
  return liveOffer(offer, devices, now);
}

type Handed = (state: RemoteState) => void;
const awaitingHandover = new Set<Handed>();

/** The first handover addressed to this player within `ms`, or null. */
function nextHandover(ms: number): Promise<RemoteState | null> {
  if (ms <= 0) return Promise.resolve(null);
  return new Promise((resolve) => {
    const done: Handed = (state) => {
      clearTimeout(timer);
      awaitingHandover.delete(done);
      resolve(state);
    };
    const timer = setTimeout(() => {
      awaitingHandover.delete(done);
      resolve(null);
    }, ms);
    awaitingHandover.add(done);
  });
}

/**
 * "Continue" on this device: asks my playing player to stop and say where, then starts here from
 * there, with the queue as it saved it. Without an answer (it closed meanwhile) it starts from the
 * freshest it knows: the saved queue, or the position that player last announced, moved on.
 */
export async function continueHere(offer: QueueOffer): Promise<void> {
  const me = thisDeviceId();
  const playingElsewhere = Object.values(useRemoteDevices.getState().devices).some((device) => device.state.playing);
  const handed = nextHandover(playingElsewhere ? HANDOVER_WAIT_MS : 0);
  await post({ kind: 'takeover', deviceId: me }).catch((error: unknown) => console.warn('takeover not sent', error));
  const state = await handed;
  let fresh = offer;
  try {
    fresh = offerOf(await apiRequest('/api/me/play-queue', { schema: 'playQueueStateSchema' }), null) ?? offer;
  } catch (error) {
    console.warn('play queue not read', error);
  }
  continueFrom(startingPoint(fresh, state, Object.values(useRemoteDevices.getState().devices), Date.now()));
}

/** Another of my players continues: if this one plays (or has a change still to save), it stops, saves, and says where. */
async function answerTakeover(takerId: string): Promise<void> {
  const player = usePlayerStore.getState();
  if (!currentEntry(player) || !(player.playing || player.wantsToPlay || hasUnsavedChange())) return;
  await handOver();
  const state = { ...ownState(), playing: false };
  await post({ kind: 'handover', deviceId: thisDeviceId(), targetDeviceId: takerId, state }).catch((error: unknown) => console.warn('handover not sent', error));
}

/** Mounted once (AppRoot) while signed in. */
export function useRemoteControl(signedIn: boolean): void {
  useEffect(() => {
    if (!signedIn) return;
    const me = thisDeviceId();
    post({ kind: 'hello', deviceId: me }).catch(() => undefined);
    announce();
    const off = onLiveEvent((type, payload) => {
      const event = payload as RemoteLiveEvent | undefined;
      if (!event || event.deviceId === me) return;
      if (type === 'remote.hello') announce();
      else if (type === 'remote.state' && event.type === 'remote.state') useRemoteDevices.getState().put({ id: event.deviceId, name: event.name, state: event.state, heardAt: Date.now() });
      else if (type === 'remote.command' && event.type === 'remote.command' && event.targetDeviceId === me) applyRemoteCommand(event);
      else if (type === 'remote.takeover') void answerTakeover(event.deviceId);
      else if (type === 'remote.handover' && event.type === 'remote.handover' && event.targetDeviceId === me) for (const handed of [...awaitingHandover]) handed(event.state);
    });
    // Say so at once when what plays changes (a command played here, too), and every few seconds.
    let timer: ReturnType<typeof setTimeout> | undefined;
    let last = usePlayerStore.getState();
    const unsubscribe = usePlayerStore.subscribe((state) => {
      const changed = state.queue !== last.queue || state.current !== last.current || state.playing !== last.playing || state.seek !== last.seek || state.volume !== last.volume || state.blocked !== last.blocked;
      last = state;
      if (!changed) return;
      clearTimeout(timer);
      timer = setTimeout(announce, 250);
    });
    const heartbeat = setInterval(() => {
      announce();
      useRemoteDevices.getState().prune(Date.now());
    }, HEARTBEAT_MS);
    return () => {
      off();
      unsubscribe();
      clearTimeout(timer);
      clearInterval(heartbeat);
      useRemoteDevices.setState({ devices: {} });
    };
  }, [signedIn]);
}
