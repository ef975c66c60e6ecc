import { describe, expect, it } from 'vitest';
import { type AudioContextLike, BEEP_HZ, BEEP_MS, beep, isMuted, setMuted } from './cue-sound';

function fakeAudio(state: 'running' | 'suspended') {
  const calls: string[] = [];
  const audio = {
    currentTime: 2,
    state,
    destination: {},
    resume: () => {
      calls.push('resume');
      return Promise.resolve();
    },
    createOscillator: () => ({
      type: '',
      frequency: { setValueAtTime: (hz: number, at: number) => calls.push(`frequency ${hz} at ${at}`) },
      connect: () => calls.push('oscillator → gain'),
      start: (at: number) => calls.push(`start ${at}`),
      stop: (at: number) => calls.push(`stop ${at}`),
    }),
    createGain: () => ({
      gain: { setValueAtTime: () => undefined, exponentialRampToValueAtTime: () => undefined },
      connect: () => calls.push('gain → speakers'),
    }),
  };
  return { audio: audio as unknown as AudioContextLike, calls };
}

describe('beep', () => {
  it(`plays ${BEEP_HZ} Hz for ${BEEP_MS} ms`, () => {
    const { audio, calls } = fakeAudio('running');
    expect(beep(() => audio)).toBe(true);
    expect(calls).toEqual([
      `frequency ${BEEP_HZ} at 2`,
      'oscillator → gain',
      'gain → speakers',
      'start 2',
      `stop ${2 + BEEP_MS / 1000}`,
    ]);
  });

  it('wakes a suspended audio context first, and stays silent where there is no Web Audio', () => {
    const { audio, calls } = fakeAudio('suspended');
    beep(() => audio);
    expect(calls[0]).toBe('resume');
    expect(beep(() => null)).toBe(false);
  });
});

describe('mute', () => {
  it('is remembered on the device', () => {
    expect(isMuted()).toBe(false);
    setMuted(true);
    expect(localStorage.getItem('staffMuted')).toBe('1');
    expect(isMuted()).toBe(true);
    setMuted(false);
    expect(localStorage.getItem('staffMuted')).toBeNull();
    expect(isMuted()).toBe(false);
  });
});
