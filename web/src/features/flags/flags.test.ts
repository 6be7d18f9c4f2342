// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FLAG_DEFAULTS, FLAG_NAMES, type FlagName } from '../../../../domain/config';
import { FLAGS_CHANGED_EVENT, getFlag, getFlagStates, resetFlags, resolveFlag, setFlag } from './flags';

function storageFrom(values: Record<string, string>): (key: string) => string | null {
  return (key) => values[key] ?? null;
}

describe('resolveFlag: the order local {name} > flag_{name} > environment > default', () => {
  it.each(FLAG_NAMES)('%s: every source wins over the ones after it', (name: FlagName) => {
    const upper = name.toUpperCase();
    const flipped = String(!FLAG_DEFAULTS[name]);
    const same = String(FLAG_DEFAULTS[name]);

    expect(resolveFlag(name, storageFrom({}), undefined)).toEqual({
      value: FLAG_DEFAULTS[name],
      source: 'default',
    });
    expect(resolveFlag(name, storageFrom({}), { [`FLAG_${upper}`]: flipped })).toEqual({
      value: !FLAG_DEFAULTS[name],
      source: 'environment',
    });
    expect(resolveFlag(name, storageFrom({}), { [upper]: flipped })).toEqual({
      value: !FLAG_DEFAULTS[name],
      source: 'environment',
    });
    expect(resolveFlag(name, storageFrom({ [`flag_${name}`]: flipped }), { [upper]: same })).toEqual({
      value: !FLAG_DEFAULTS[name],
      source: 'local-prefixed',
    });
    expect(
      resolveFlag(name, storageFrom({ [name]: same, [`flag_${name}`]: flipped }), { [upper]: flipped }),
    ).toEqual({
      value: FLAG_DEFAULTS[name],
      source: 'local',
    });
  });

  it('the upper-cased name wins over the FLAG_ prefix in the environment', () => {
    expect(resolveFlag('hero_v2', storageFrom({}), { HERO_V2: 'false', FLAG_HERO_V2: 'true' }).value).toBe(
      false,
    );
    expect(resolveFlag('hero_v2', storageFrom({}), { FLAG_HERO_V2: 'TRUE' }).value).toBe(true);
  });

  it('ignores values that are not true/false at every level', () => {
    const r = resolveFlag('content_purge', storageFrom({ content_purge: 'yes', flag_content_purge: '1' }), {
      CONTENT_PURGE: 'on',
      FLAG_CONTENT_PURGE: '',
    });
    expect(r).toEqual({ value: FLAG_DEFAULTS.content_purge, source: 'default' });
  });
});

describe('getFlag / setFlag / resetFlags in the browser', () => {
  beforeEach(() => {
    localStorage.clear();
    delete window.__SOLAS_ENV__;
  });
  afterEach(() => {
    delete window.__SOLAS_ENV__;
  });

  it('reads local storage and the runtime environment', () => {
    expect(getFlag('hero_v3')).toBe(true);
    window.__SOLAS_ENV__ = { FLAG_HERO_V3: 'false' };
    expect(getFlag('hero_v3')).toBe(false);
    localStorage.setItem('flag_hero_v3', 'true');
    expect(getFlag('hero_v3')).toBe(true);
    localStorage.setItem('hero_v3', 'false');
    expect(getFlag('hero_v3')).toBe(false);
  });

  it('setFlag saves under the flag name and emits the change event', () => {
    const listener = vi.fn();
    window.addEventListener(FLAGS_CHANGED_EVENT, listener);
    setFlag('content_purge', true);
    window.removeEventListener(FLAGS_CHANGED_EVENT, listener);
    expect(localStorage.getItem('content_purge')).toBe('true');
    expect(getFlag('content_purge')).toBe(true);
    expect(listener).toHaveBeenCalledTimes(1);
  });

  it('resetFlags clears both local keys of every flag and emits the change event', () => {
    for (const name of FLAG_NAMES) {
      localStorage.setItem(name, 'true');
      localStorage.setItem(`flag_${name}`, 'true');
    }
    localStorage.setItem('cart', '[]');
    const listener = vi.fn();
    window.addEventListener(FLAGS_CHANGED_EVENT, listener);
    resetFlags();
    window.removeEventListener(FLAGS_CHANGED_EVENT, listener);
    expect(getFlagStates().map((f) => [f.name, f.value, f.source])).toEqual(
      FLAG_NAMES.map((n) => [n, FLAG_DEFAULTS[n], 'default']),
    );
    expect(localStorage.getItem('cart')).toBe('[]');
    expect(listener).toHaveBeenCalledTimes(1);
  });
});
