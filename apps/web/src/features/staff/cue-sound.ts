import { useCallback, useSyncExternalStore } from 'react';
import { localStore, STORAGE_KEYS } from '@/lib/storage';

/**
 * The staff console's audible cue: a short beep drawn with the Web Audio API (no sound file to
 * load), and a mute switch remembered on this device.
 */

/** Frequency and length of the beep. */
export const BEEP_HZ = 880;
export const BEEP_MS = 180;

export type AudioContextLike = Pick<AudioContext, 'currentTime' | 'destination' | 'state' | 'resume'> & {
  createOscillator(): OscillatorNode;
  createGain(): GainNode;
};

let context: AudioContextLike | null = null;

function audioContext(): AudioContextLike | null {
  if (context) return context;
  const Constructor =
    typeof window === 'undefined'
      ? undefined
      : (window.AudioContext ??
        (window as unknown as { webkitAudioContext?: typeof AudioContext }).webkitAudioContext);
  if (!Constructor) return null;
  try {
    context = new Constructor();
  } catch {
    return null;
  }
  return context;
}

/**
 * Plays the beep (nothing when Web Audio is missing; a browser that has not been clicked yet may
 * keep it silent until the first click: the console asks for one through its mute switch).
 */
export function beep(create: () => AudioContextLike | null = audioContext): boolean {
  const audio = create();
  if (!audio) return false;
  if (audio.state === 'suspended') void audio.resume().catch(() => undefined);
  const oscillator = audio.createOscillator();
  const gain = audio.createGain();
  const start = audio.currentTime;
  const end = start + BEEP_MS / 1000;
  oscillator.type = 'sine';
  oscillator.frequency.setValueAtTime(BEEP_HZ, start);
  gain.gain.setValueAtTime(0.2, start);
  gain.gain.exponentialRampToValueAtTime(0.001, end);
  oscillator.connect(gain);
  gain.connect(audio.destination);
  oscillator.start(start);
  oscillator.stop(end);
  return true;
}

const listeners = new Set<() => void>();

export function isMuted(): boolean {
  return localStore.get(STORAGE_KEYS.staffMuted) === '1';
}

export function setMuted(muted: boolean): void {
  if (muted) localStore.set(STORAGE_KEYS.staffMuted, '1');
  else localStore.remove(STORAGE_KEYS.staffMuted);
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

/** The remembered mute switch. */
export function useMuted(): [boolean, (muted: boolean) => void] {
  const muted = useSyncExternalStore(subscribe, isMuted, () => false);
  const set = useCallback((value: boolean) => setMuted(value), []);
  return [muted, set];
}
