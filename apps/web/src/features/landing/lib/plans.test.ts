import { describe, expect, it } from 'vitest';
import * as server from '@vitrine/shared/api/generations';
import * as billing from '@vitrine/shared/api/billing';
import { FREE_GENERATIONS, PLAN_ALLOWANCES, PLAN_PRICES_EUR } from './plans';

describe('the plans on the home page', () => {
  it('promise the allowances the server counts with: 3 free generations, Starter 40 and Pro 100 a month', () => {
    expect(FREE_GENERATIONS).toBe(server.FREE_GENERATIONS);
    expect(PLAN_ALLOWANCES).toEqual(server.PLAN_ALLOWANCES);
    expect(PLAN_ALLOWANCES).toEqual({ starter: 40, pro: 100 });
  });

  it('cost €0, €29 and €59 a month (spec section 9), the prices the checkout pages show', () => {
    expect(PLAN_PRICES_EUR).toEqual(billing.PLAN_PRICES_EUR);
    expect(PLAN_PRICES_EUR).toEqual({ free: 0, starter: 29, pro: 59 });
  });
});
