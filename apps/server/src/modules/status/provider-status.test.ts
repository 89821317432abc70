import { describe, expect, it } from 'vitest';
import { pickComponent, providerStatusOf } from './provider-status';

describe('the provider component shown (spec section 7)', () => {
  it('is the first whose name or id contains "api", or whose name contains "platform"', () => {
    expect(
      pickComponent([
        { id: '1', name: 'Website', status: 'operational' },
        { id: 'chat-api', name: 'Chat', status: 'degraded_performance' },
        { id: '3', name: 'API', status: 'operational' },
      ])?.id,
    ).toBe('chat-api');
    expect(
      pickComponent([
        { id: '1', name: 'Website', status: 'operational' },
        { id: '2', name: 'OpenAI Platform', status: 'partial_outage' },
      ])?.id,
    ).toBe('2');
  });

  it('else the first operational one, else the first', () => {
    expect(
      pickComponent([
        { id: '1', name: 'Website', status: 'major_outage' },
        { id: '2', name: 'Login', status: 'operational' },
      ])?.id,
    ).toBe('2');
    expect(pickComponent([{ id: '1', name: 'Website', status: 'major_outage' }])?.id).toBe('1');
    expect(pickComponent([])).toBeUndefined();
  });

  it('maps Statuspage states to the page’s four, and refuses what it cannot read', () => {
    const state = (status: string) =>
      providerStatusOf({ components: [{ id: 'api', name: 'API', status }] })?.status;
    expect(state('operational')).toBe('operational');
    expect(state('degraded_performance')).toBe('degraded');
    expect(state('partial_outage')).toBe('degraded');
    expect(state('major_outage')).toBe('outage');
    expect(state('under_maintenance')).toBe('maintenance');
    expect(state('on_fire')).toBeUndefined();
    expect(providerStatusOf(null)).toBeNull();
    expect(providerStatusOf({ components: [42, 'x'] })).toBeNull();
  });
});
